import { domainError } from '../infra/errors/domain-error';
import { LIBRARY_MESSAGES } from '@brandloom/contracts';

/** No folder with that id in the caller's organization (another tenant's id reads the same: 404). */
export class FolderNotFoundError extends domainError('not_found', 'folder_not_found', LIBRARY_MESSAGES.folderNotFound) {}

/** A folder name or id the HTTP layer validates too, checked again for other callers (400). */
export class FolderValidationError extends domainError('invalid', 'folder_invalid') {}

/** Folder names are unique per organization, case-insensitively (409). */
export class FolderNameTakenError extends domainError('conflict', 'folder_name_taken', LIBRARY_MESSAGES.folderNameTaken) {}
