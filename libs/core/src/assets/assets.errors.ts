import { domainError } from '../infra/errors/domain-error';
import { GENERATION_PROGRESS_MESSAGES } from '@brandloom/contracts';
import { LIBRARY_MESSAGES } from '@brandloom/contracts';

/**
 * No stored file under that key, or no asset with that id, for the caller's organization (another
 * tenant's key or id reads the same: 404). The file routes say 'File not found', the library 'Asset not found'.
 */
export class AssetNotFoundError extends domainError('not_found', 'asset_not_found', GENERATION_PROGRESS_MESSAGES.fileNotFound) {}

/** A `cursor` that is not one GET /api/assets handed out for this sort (400). */
export class InvalidAssetCursorError extends domainError('invalid', 'asset_cursor_invalid', LIBRARY_MESSAGES.invalidCursor) {}

/** Input the HTTP layer validates too, checked again for other callers (400). */
export class LibraryValidationError extends domainError('invalid', 'library_invalid') {}
