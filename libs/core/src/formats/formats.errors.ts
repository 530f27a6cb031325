import { FORMAT_MESSAGES } from '@brandloom/contracts';
import { domainError } from '../infra/errors/domain-error';

/** A request body the HTTP layer validates too, checked again for other callers (400). */
export class FormatValidationError extends domainError('invalid', 'format_invalid') {}

/** No format job with that id in the caller's organization (404). */
export class FormatJobNotFoundError extends domainError('not_found', 'format_job_not_found', FORMAT_MESSAGES.jobNotFound) {}

/** The queue refused the job: it was failed and refunded at once (503). */
export class FormatQueueUnavailableError extends domainError('unavailable', 'format_queue_unavailable', 'The job queue is unavailable. Your credits were refunded.') {}

/** A failure inside a job that trying again cannot fix (the original was deleted). */
export class PermanentFormatError extends Error {}
