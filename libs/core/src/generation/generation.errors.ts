import { DomainError, domainError } from '../infra/errors/domain-error';
import { ADMIN_MESSAGES, ADMIN_JOB_CODES, GENERATION_MESSAGES, GENERATION_PROGRESS_MESSAGES, API_LIST_MESSAGES } from '@brandloom/contracts';

/** No generation with that id in the caller's organization (404). */
export class GenerationNotFoundError extends domainError('not_found', 'generation_not_found', GENERATION_PROGRESS_MESSAGES.notFound) {}

/** Only a failed generation can be run again (409: its state says no). */
export class GenerationNotRetryableError extends domainError('conflict', ADMIN_JOB_CODES.jobNotRetryable, ADMIN_MESSAGES.jobNotRetryable) {}

/** A failed generation runs again once: a further retry names the one that did (409). */
export class GenerationAlreadyRetriedError extends DomainError {
  readonly kind = 'conflict';
  readonly code = ADMIN_JOB_CODES.generationAlreadyRetried;
  readonly details: { retried_as: string };

  constructor(retriedAs: string) {
    super(ADMIN_MESSAGES.generationAlreadyRetried);
    this.details = { retried_as: retriedAs };
  }
}

/** More than 4 reference images (400). */
export class TooManyReferenceImagesError extends domainError('invalid', 'reference_images_too_many', GENERATION_MESSAGES.referenceImagesTooMany) {}

/** A reference image that is not a PNG or JPEG by content (415). */
export class ReferenceImageTypeError extends domainError('unsupported_type', 'reference_image_type', GENERATION_MESSAGES.referenceImageType) {}

/** A reference image above 10 MB, or above the decoding pixel limit (413). */
export class ReferenceImageTooLargeError extends domainError('too_large', 'reference_image_too_large', GENERATION_MESSAGES.referenceImageTooLarge) {}

/** A reference given as text that is neither a PNG/JPEG data URL nor a key (400). */
export class InvalidReferenceImageError extends domainError('invalid', 'reference_image_invalid', GENERATION_PROGRESS_MESSAGES.referenceImageInvalid) {}

/** A reference key that is not a stored file of the caller's organization (404). */
export class ReferenceImageNotFoundError extends domainError('not_found', 'reference_image_not_found', GENERATION_PROGRESS_MESSAGES.referenceImageNotFound) {}

/** A size the image provider that would draw it does not take (400), refused before any debit. */
export class UnsupportedImageSizeError extends domainError('invalid', 'image_size_unsupported') {}

/** A failure inside a job that trying again cannot fix (a reference image vanished, ...). */
export class PermanentGenerationError extends Error {}

/** A cursor that is not one of the organization's generations (400). */
export class GenerationCursorInvalidError extends domainError('invalid', 'generation_cursor_invalid', API_LIST_MESSAGES.invalidCursor) {}
