import { translate, type MessageKey, type MessageValues } from '../../lib/i18n/translate';
import { ASSET_NAME_MAX_LENGTH, FOLDER_NAME_MAX_LENGTH } from './api/types';

/** An object whose texts are read in the active language each time (the screens read them while rendering). */
function translated<T extends Record<string, MessageKey>>(keys: T, values?: MessageValues): { readonly [Name in keyof T]: string } {
  const texts = {} as { [Name in keyof T]: string };
  for (const [name, key] of Object.entries(keys)) Object.defineProperty(texts, name, { get: () => translate(key, values), enumerable: true });
  return texts;
}

/** Texts of the library screen ('Asset Library'). */
export const LIBRARY_TEXT = translated({
  loadError: 'library.loadError',
  emptyTitle: 'library.emptyTitle',
  emptyFolder: 'library.emptyFolder',
  emptyLink: 'library.emptyLink',
  deleteAssetConfirm: 'library.deleteAssetConfirm',
  noBrandProfile: 'library.noBrandProfile',
  allAssets: 'library.allAssetsTitle',
});

export const noSearchResults = (search: string) => translate('library.noSearchResults', { search });
export const deleteFolderConfirm = (name: string) => translate('library.deleteFolderConfirm', { name });

/** Toast titles; a failure's description is the server's message. */
export const LIBRARY_TOASTS = translated({
  assetRenamed: 'library.toast.assetRenamed',
  assetRenameFailed: 'library.toast.assetRenameFailed',
  assetMoved: 'library.toast.assetMoved',
  assetMoveFailed: 'library.toast.assetMoveFailed',
  assetDeleted: 'library.toast.assetDeleted',
  assetDeleteFailed: 'library.toast.assetDeleteFailed',
  linkCopied: 'library.toast.linkCopied',
  copyFailed: 'library.toast.copyFailed',
  downloadStarted: 'library.toast.downloadStarted',
  folderCreated: 'library.toast.folderCreated',
  folderCreateFailed: 'library.toast.folderCreateFailed',
  folderRenamed: 'library.toast.folderRenamed',
  folderRenameFailed: 'library.toast.folderRenameFailed',
  folderDeleted: 'library.toast.folderDeleted',
  folderDeleteFailed: 'library.toast.folderDeleteFailed',
});

/** Client-side checks with the server's messages (names are judged trimmed). */
export const NAME_RULES = {
  asset: nameRule('library.name.required', 'library.name.tooLong', ASSET_NAME_MAX_LENGTH),
  folder: nameRule('library.folderName.required', 'library.folderName.tooLong', FOLDER_NAME_MAX_LENGTH),
} as const;

export interface NameRule {
  readonly required: string;
  readonly tooLong: string;
  readonly max: number;
}

function nameRule(required: MessageKey, tooLong: MessageKey, max: number): NameRule {
  return Object.defineProperty(translated({ required, tooLong }, { max }), 'max', { value: max, enumerable: true }) as NameRule;
}
