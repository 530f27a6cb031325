import { DomainError, domainError } from '../infra/errors/domain-error';
import { BRAND_MESSAGES, GENERATION_MESSAGES, brandExtractionLimitMessage, brandProfileLimitMessage, type SkippedBrandImage } from '@brandloom/contracts';

/** No brand profile with that id in the caller's organization (another tenant's id reads the same: 404). */
export class BrandProfileNotFoundError extends domainError('not_found', 'brand_profile_not_found', GENERATION_MESSAGES.brandProfileNotFound) {}

/** The plan's brand profile allowance is used up (403). */
export class BrandProfileLimitError extends DomainError {
  readonly kind = 'forbidden';
  readonly code = 'brand_profile_limit';
  readonly params: { limit: number };

  constructor(readonly limit: number) {
    super(brandProfileLimitMessage(limit));
    this.params = { limit };
  }
}

/** Bad name, description or brand data (400); the message is the product's, `details.field` the field when one is named. */
export class InvalidBrandProfileError extends domainError('invalid', 'brand_profile_invalid') {
  override readonly details: { field: string } | undefined;

  constructor(message?: string, details?: { field: string }) {
    super(message);
    this.details = details;
  }
}

/** A logo upload without a file (400). */
export class BrandLogoRequiredError extends domainError('invalid', 'brand_logo_required', BRAND_MESSAGES.logoRequired) {}

/** A logo that is not a PNG, JPEG or WebP image (SVG and GIF included) (415). */
export class BrandLogoTypeError extends domainError('unsupported_type', 'brand_logo_type', BRAND_MESSAGES.logoType) {}

/** A logo above the upload size or the pixel bound (413). */
export class BrandLogoTooLargeError extends domainError('too_large', 'brand_logo_too_large', BRAND_MESSAGES.logoTooLarge) {}

/** A variant other than default, light or dark (400). */
export class BrandLogoVariantError extends domainError('invalid', 'brand_logo_variant_invalid', BRAND_MESSAGES.logoVariantInvalid) {
  override readonly details = { field: 'variant' };
}

/** No logo of that variant on the profile (404). */
export class BrandLogoNotFoundError extends domainError('not_found', 'brand_logo_not_found', BRAND_MESSAGES.logoNotFound) {}

/** The day's extractions are used up (429). */
export class BrandExtractionLimitError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'brand_extraction_limit';
  readonly params: { limit: number };

  constructor(readonly limit: number) {
    super(brandExtractionLimitMessage(limit));
    this.params = { limit };
  }
}

/** More than 5 brand images (400). */
export class TooManyBrandImagesError extends domainError('invalid', 'brand_images_too_many', BRAND_MESSAGES.tooManyImages) {}

/** More than 10 MB of brand images in total (413). */
export class BrandImagesTooLargeError extends domainError('too_large', 'brand_images_too_large', BRAND_MESSAGES.filesTooLarge) {}

/** Nothing usable was left after skipping invalid and duplicate images (400). */
/** Fewer than 3 images (an extraction takes 3 to 5). */
export class TooFewBrandImagesError extends domainError('invalid', 'brand_images_too_few', BRAND_MESSAGES.tooFewImages) {}

/** No image of the request could be used; `skipped` says why for each (a damaged file, a duplicate...). */
export class NoValidBrandImagesError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'brand_images_none_valid';
  readonly details: { skipped: SkippedBrandImage[] } | undefined;

  constructor(skipped: SkippedBrandImage[] = []) {
    super(BRAND_MESSAGES.noValidImages);
    this.details = skipped.length ? { skipped } : undefined;
  }
}

/** The extraction job failed: no image could be analysed (422). */
export class BrandExtractionFailedError extends domainError('unprocessable', 'brand_extraction_failed', BRAND_MESSAGES.extractionFailed) {}

/** The extraction job did not finish within BRAND_EXTRACTION_TIMEOUT_MS (504). */
export class BrandExtractionTimeoutError extends domainError('timeout', 'brand_extraction_timeout', BRAND_MESSAGES.extractionTimedOut) {}

/** The queue refused the extraction job (503). */
export class BrandExtractionUnavailableError extends domainError('unavailable', 'brand_extraction_unavailable', BRAND_MESSAGES.extractionUnavailable) {}

/** brandDataId that is not one of the organization's completed extractions (404). */
export class BrandExtractionNotFoundError extends domainError('not_found', 'brand_extraction_not_found', BRAND_MESSAGES.extractionNotFound) {}
