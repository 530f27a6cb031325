import { GENERATION_PROGRESS_MESSAGES } from '@brandloom/contracts';

/** No stored file under that key for the caller's organization (another tenant's key reads the same: 404). */
export class AssetNotFoundError extends Error {
  constructor() {
    super(GENERATION_PROGRESS_MESSAGES.fileNotFound);
  }
}
