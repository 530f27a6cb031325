import { useQuery } from '@tanstack/react-query';
import { useOrganizationId } from '../../../lib/auth';
import { assetCountQueryKey, foldersQueryKey } from './queryKeys';
import type { AssetCount, Folder } from './types';

/** GET /api/folders: the organization's folders (alphabetical) with their asset_count. */
export function useFolders() {
  const organizationId = useOrganizationId();
  return useQuery<Folder[]>({ queryKey: foldersQueryKey, enabled: !!organizationId });
}

/** GET /api/assets/count?stacked=true: the organization's images with their formats stacked (the "All Assets" entry). */
export function useAssetCount() {
  const organizationId = useOrganizationId();
  return useQuery<AssetCount>({ queryKey: assetCountQueryKey, enabled: !!organizationId });
}

/** The organization's brand profiles (the shared list of src/lib/brandProfiles.ts). */
