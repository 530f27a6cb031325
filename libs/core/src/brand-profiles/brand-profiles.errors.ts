import { BRAND_MESSAGES, GENERATION_MESSAGES, brandExtractionLimitMessage, brandProfileLimitMessage } from '@brandloom/contracts';

/** No brand profile with that id in the caller's organization (another tenant's id reads the same: 404). */
export class BrandProfileNotFoundError extends Error {
  constructor() {
    super(GENERATION_MESSAGES.brandProfileNotFound);
  }
}

/** The plan's brand profile allowance is used up (403). */
export class BrandProfileLimitError extends Error {
  constructor(readonly limit: number) {
    super(brandProfileLimitMessage(limit));
  }
}

/** Bad name, description or brand data (400); the message is the spec's. */
export class InvalidBrandProfileError extends Error {}

/** The day's extractions are used up (429). */
export class BrandExtractionLimitError extends Error {
  constructor(readonly limit: number) {
    super(brandExtractionLimitMessage(limit));
  }
}

/** More than 5 brand images (400). */
export class TooManyBrandImagesError extends Error {
  constructor() {
    super(BRAND_MESSAGES.tooManyImages);
  }
}

/** More than 10 MB of brand images in total (413). */
export class BrandImagesTooLargeError extends Error {
  constructor() {
    super(BRAND_MESSAGES.filesTooLarge);
  }
}

/** Nothing usable was left after skipping invalid and duplicate images (400). */
export class NoValidBrandImagesError extends Error {
  constructor() {
    super(BRAND_MESSAGES.noValidImages);
  }
}

/** The extraction job failed: no image could be analysed (422). */
export class BrandExtractionFailedError extends Error {
  constructor(message: string = BRAND_MESSAGES.extractionFailed) {
    super(message);
  }
}

/** The extraction job did not finish within BRAND_EXTRACTION_TIMEOUT_MS (504). */
export class BrandExtractionTimeoutError extends Error {
  constructor() {
    super(BRAND_MESSAGES.extractionTimedOut);
  }
}

/** The queue refused the extraction job (503). */
export class BrandExtractionUnavailableError extends Error {
  constructor() {
    super(BRAND_MESSAGES.extractionUnavailable);
  }
}

/** brandDataId that is not one of the organization's completed extractions (404). */
export class BrandExtractionNotFoundError extends Error {
  constructor() {
    super(BRAND_MESSAGES.extractionNotFound);
  }
}
