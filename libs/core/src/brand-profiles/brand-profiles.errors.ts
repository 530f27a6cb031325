import { GENERATION_MESSAGES } from '@brandloom/contracts';

/** No brand profile with that id in the caller's organization (another tenant's id reads the same: 404). */
export class BrandProfileNotFoundError extends Error {
  constructor() {
    super(GENERATION_MESSAGES.brandProfileNotFound);
  }
}
