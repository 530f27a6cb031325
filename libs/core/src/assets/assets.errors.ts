import { DomainError } from '../infra/errors/domain-error';
import { GENERATION_PROGRESS_MESSAGES } from '@brandloom/contracts';
import { LIBRARY_MESSAGES } from '@brandloom/contracts';

/**
 * No stored file under that key, or no asset with that id, for the caller's organization (another
 * tenant's key or id reads the same: 404). The file routes say 'File not found', the library 'Asset not found'.
 */
export class AssetNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'asset_not_found';

  constructor(message: string = GENERATION_PROGRESS_MESSAGES.fileNotFound) {
    super(message);
  }
}

/** A `cursor` that is not one GET /api/assets handed out for this sort (400). */
export class InvalidAssetCursorError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'asset_cursor_invalid';

  constructor() {
    super(LIBRARY_MESSAGES.invalidCursor);
  }
}

/** Input the HTTP layer validates too, checked again for other callers (400). */
export class LibraryValidationError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'library_invalid';
}
