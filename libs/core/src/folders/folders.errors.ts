import { DomainError } from '../infra/errors/domain-error';
import { LIBRARY_MESSAGES } from '@brandloom/contracts';

/** No folder with that id in the caller's organization (another tenant's id reads the same: 404). */
export class FolderNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'folder_not_found';

  constructor() {
    super(LIBRARY_MESSAGES.folderNotFound);
  }
}

/** A folder name or id the HTTP layer validates too, checked again for other callers (400). */
export class FolderValidationError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'folder_invalid';
}

/** Folder names are unique per organization, case-insensitively (409). */
export class FolderNameTakenError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'folder_name_taken';

  constructor() {
    super(LIBRARY_MESSAGES.folderNameTaken);
  }
}
