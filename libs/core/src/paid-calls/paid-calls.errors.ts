import { PAID_CALL_MESSAGES, type PaidCallFamily } from '@brandloom/contracts';
import { DomainError } from '../infra/errors/domain-error';

/** A user or organization went past its allowance of a paid third party's calls: 429 with Retry-After. */
export class TooManyPaidCallsError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'paid_call_limit';
  readonly params: { family: PaidCallFamily; retryAfterSeconds: number };

  constructor(
    family: PaidCallFamily,
    readonly retryAfterSeconds: number,
  ) {
    super(PAID_CALL_MESSAGES[family](waitText(retryAfterSeconds)));
    this.params = { family, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) };
  }
}

function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return `${whole} second${whole === 1 ? '' : 's'}`;
  return `${Math.ceil(whole / 60)} minutes`;
}
