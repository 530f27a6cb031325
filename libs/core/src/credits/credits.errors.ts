import { CREDITS_MESSAGES } from '@brandloom/contracts';

export class InsufficientCreditsError extends Error {
  constructor(readonly required: number, readonly available: number) {
    super(`Not enough credits. You need ${required} credits, but you only have ${available}.`);
  }
}

export class DebitNotFoundError extends Error {
  constructor() {
    super('Debit not found');
  }
}

export class RefundExceedsDebitError extends Error {
  constructor(readonly requested: number, readonly refundable: number) {
    super(`A refund cannot exceed its debit: ${refundable} of its credits can still be refunded, not ${requested}.`);
  }
}

export class InvalidCursorError extends Error {
  constructor() {
    super(CREDITS_MESSAGES.invalidCursor);
  }
}
