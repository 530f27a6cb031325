import { DomainError, domainError } from '../infra/errors/domain-error';
import { CREDIT_BOUND_CODES, CREDITS_MESSAGES, notEnoughCreditsMessage } from '@brandloom/contracts';

export class InsufficientCreditsError extends DomainError {
  readonly kind = 'payment_required';
  readonly code = 'insufficient_credits';
  readonly params: { required: number; available: number };

  constructor(readonly required: number, readonly available: number) {
    super(notEnoughCreditsMessage(required, available));
    this.params = { required, available };
  }
}

export class DebitNotFoundError extends domainError('not_found', 'debit_not_found', 'Debit not found') {}

export class RefundExceedsDebitError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'refund_exceeds_debit';
  readonly params: { requested: number; refundable: number };

  constructor(readonly requested: number, readonly refundable: number) {
    super(`A refund cannot exceed its debit: ${refundable} of its credits can still be refunded, not ${requested}.`);
    this.params = { requested, refundable };
  }
}

export class InvalidCursorError extends domainError('invalid', 'credits_cursor_invalid', CREDITS_MESSAGES.invalidCursor) {}

/** A grant above CREDITS_MAX_GRANT (400): nothing is written. */
export class CreditGrantTooLargeError extends domainError('invalid', CREDIT_BOUND_CODES.grantTooLarge, CREDITS_MESSAGES.grantTooLarge) {}

/** A grant that would take the balance past CREDITS_MAX_BALANCE (400): nothing is written. */
export class CreditBalanceLimitError extends DomainError {
  readonly kind = 'invalid';
  readonly code = CREDIT_BOUND_CODES.balanceLimit;

  constructor(readonly balance: number) {
    super(CREDITS_MESSAGES.balanceLimit(balance));
  }
}
