import { ASSET_NAME_MAX_LENGTH, FOLDER_NAME_MAX_LENGTH } from './api/types';

/** Texts of the library screen ('Asset Library'). */
export const LIBRARY_TEXT = {
  loadError: 'Error loading assets. Please try again.',
  emptyTitle: 'No assets yet',
  emptyFolder: 'This folder is empty',
  emptyLink: 'Generate your first image',
  deleteAssetConfirm: 'Are you sure you want to delete this asset? This action cannot be undone.',
  noBrandProfile: 'None',
  allAssets: 'All Assets',
} as const;

export const noSearchResults = (search: string) => `No assets match "${search}"`;
export const deleteFolderConfirm = (name: string) =>
  `Delete the folder "${name}"? Its assets are not deleted: they move to All Assets.`;

/** Toast titles; a failure's description is the server's message. */
export const LIBRARY_TOASTS = {
  assetRenamed: 'Asset renamed',
  assetRenameFailed: 'Failed to rename asset',
  assetMoved: 'Asset moved',
  assetMoveFailed: 'Failed to move asset',
  assetDeleted: 'Asset deleted',
  assetDeleteFailed: 'Failed to delete asset',
  linkCopied: 'Link copied',
  copyFailed: 'Failed to copy',
  downloadStarted: 'Download started',
  folderCreated: 'Folder created',
  folderCreateFailed: 'Failed to create folder',
  folderRenamed: 'Folder renamed',
  folderRenameFailed: 'Failed to rename folder',
  folderDeleted: 'Folder deleted',
  folderDeleteFailed: 'Failed to delete folder',
} as const;

/** Client-side checks with the server's messages (names are judged trimmed). */
export const NAME_RULES = {
  asset: { required: 'Name is required', tooLong: `Name must be at most ${ASSET_NAME_MAX_LENGTH} characters`, max: ASSET_NAME_MAX_LENGTH },
  folder: {
    required: 'Folder name is required',
    tooLong: `Folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters`,
    max: FOLDER_NAME_MAX_LENGTH,
  },
} as const;

export type NameRule = (typeof NAME_RULES)[keyof typeof NAME_RULES];
