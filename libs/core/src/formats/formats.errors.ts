import { FORMAT_MESSAGES } from '@brandloom/contracts';
import { DomainError } from '../infra/errors/domain-error';

/** A request body the HTTP layer validates too, checked again for other callers (400). */
export class FormatValidationError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'format_invalid';
}

/** No format job with that id in the caller's organization (404). */
export class FormatJobNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'format_job_not_found';

  constructor() {
    super(FORMAT_MESSAGES.jobNotFound);
  }
}

/** The queue refused the job: it was failed and refunded at once (503). */
export class FormatQueueUnavailableError extends DomainError {
  readonly kind = 'unavailable';
  readonly code = 'format_queue_unavailable';

  constructor() {
    super('The job queue is unavailable. Your credits were refunded.');
  }
}

/** A failure inside a job that trying again cannot fix (the original was deleted). */
export class PermanentFormatError extends Error {}
