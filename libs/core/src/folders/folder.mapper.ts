import type { FolderDto } from '@brandloom/contracts';
import type { FolderWithCount } from './folders.repository';

export function toFolderDto(folder: FolderWithCount): FolderDto {
  return {
    id: folder.id,
    name: folder.name,
    asset_count: Number(folder.asset_count ?? 0),
    created_at: new Date(folder.created_at).toISOString(),
    updated_at: new Date(folder.updated_at).toISOString(),
  };
}
