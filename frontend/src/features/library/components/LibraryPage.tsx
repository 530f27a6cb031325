import { META_PUSH_MAX_ASSETS } from '@brandloom/contracts';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { ResizeForAdsDialog } from '../../../components/formats/ResizeForAdsDialog';
import { useAdNetworkSlots } from '../../../lib/adNetworkSlots';
import { useAdsSlots } from '../../../lib/adsSlots';
import { DEFAULT_ASSET_SORT, type Asset, type AssetDeliveryFilter, type AssetSort } from '../api/types';
import { flattenAssetPages, useAssets } from '../api/useAssets';
import { useAssetCount, useFolders } from '../api/useLibraryQueries';
import { copyAssetLink } from '../hooks/assetActions';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { AssetActionDialogs, type AssetDialog } from './AssetActionDialogs';
import type { AssetAction, LibraryLayout } from './AssetCard';
import { AssetDetailDialog } from './AssetDetailDialog';
import { AssetGallery } from './AssetGallery';
import { BrandProfileList } from './BrandProfileList';
import { FolderDialogs, type FolderDialog } from './FolderDialogs';
import { FolderSidebar } from './FolderSidebar';
import { LibraryToolbar } from './LibraryToolbar';
import { useT } from '../../../lib/i18n/translate';

/** Spec: the search is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /library: the organization's generated assets with folders, search, sort and every asset action. */
export default function LibraryPage() {
  // Texts read from LIBRARY_TEXT and the like follow the language: the page renders again when it changes.
  const t = useT();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<AssetSort>(DEFAULT_ASSET_SORT);
  const [layout, setLayout] = useState<LibraryLayout>('grid');
  const [chosenFolderId, setChosenFolderId] = useState<string | null>(null);
  const [detail, setDetail] = useState<Asset | null>(null);
  const [assetDialog, setAssetDialog] = useState<AssetDialog>(null);
  const [folderDialog, setFolderDialog] = useState<FolderDialog>(null);
  const [pushAsset, setPushAsset] = useState<Asset | null>(null);
  const [resizeAsset, setResizeAsset] = useState<Asset | null>(null);
  const [adAsset, setAdAsset] = useState<Asset | null>(null);
  const [format, setFormat] = useState<string | null>(null);
  const [delivery, setDelivery] = useState<AssetDeliveryFilter | null>(null);
  // The bulk 'Push to Meta': the chosen assets (kept while filters change), at most META_PUSH_MAX_ASSETS.
  const [selected, setSelected] = useState<ReadonlyMap<string, Asset>>(new Map());
  const [pushSelected, setPushSelected] = useState<Asset[] | null>(null);
  const onSelect = (asset: Asset, chosen: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!chosen) next.delete(asset.id);
      else if (next.size < META_PUSH_MAX_ASSETS) next.set(asset.id, asset);
      return next;
    });
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const { IntegrationCard, PushDialog, useConnectionReturn } = useAdNetworkSlots();
  const { AdComposerDialog } = useAdsSlots();
  useConnectionReturn();

  const folders = useFolders();
  const count = useAssetCount();
  // A folder deleted elsewhere (another tab, a teammate) falls back to All Assets.
  const folderId = chosenFolderId && folders.data && !folders.data.some((folder) => folder.id === chosenFolderId) ? null : chosenFolderId;
  const assets = useAssets({ folderId, search, sort, ...(format ? { format } : {}), ...(delivery ? { delivery } : {}) });

  // The open asset as the list now has it (renamed, for instance), else as it was opened.
  const loaded = useMemo(() => flattenAssetPages(assets.data?.pages), [assets.data]);
  const detailAsset = detail ? (loaded.find((asset) => asset.id === detail.id) ?? detail) : null;

  const onAction = (action: AssetAction, asset: Asset) => {
    if (action === 'copy-link') void copyAssetLink(asset);
    else if (action === 'push') setPushAsset(asset);
    else if (action === 'resize') setResizeAsset(asset);
    else if (action === 'make-ad') setAdAsset(asset);
    else setAssetDialog({ kind: action, asset });
  };

  return (
    <Box>
      <Typography variant="h4" component="h2" sx={{ mb: 3 }}>
        {t('library.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ order: { xs: 2, md: 1 }, display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <FolderSidebar
              folders={folders.data}
              loading={folders.isPending}
              failed={folders.isError}
              totalCount={count.data?.count}
              selectedId={folderId}
              onSelect={setChosenFolderId}
              onCreate={() => setFolderDialog({ kind: 'create' })}
              onRename={(folder) => setFolderDialog({ kind: 'rename', folder })}
              onDelete={(folder) => setFolderDialog({ kind: 'delete', folder })}
            />
          </Box>
          <BrandProfileList />
          <IntegrationCard />
        </Box>
        <Box sx={{ order: { xs: 1, md: 2 }, minWidth: 0 }}>
          <LibraryToolbar
            search={searchInput}
            onSearchChange={setSearchInput}
            sort={sort}
            onSortChange={setSort}
            layout={layout}
            onLayoutChange={setLayout}
            folders={folders.data ?? []}
            totalCount={count.data?.count}
            folderId={folderId}
            onFolderChange={setChosenFolderId}
            onCreateFolder={() => setFolderDialog({ kind: 'create' })}
            format={format}
            onFormatChange={setFormat}
            delivery={delivery}
            onDeliveryChange={setDelivery}
          />
          {selected.size > 0 && (
            <Paper
              variant="outlined"
              role="region"
              aria-label={t('library.selection')}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1.5, mb: 2 }}
            >
              <Typography variant="body2" role="status" sx={{ flex: '1 1 auto' }}>
                {t('library.selected', { count: selected.size, max: META_PUSH_MAX_ASSETS })}
              </Typography>
              <Button size="small" onClick={() => setSelected(new Map())}>
                {t('library.clearSelection')}
              </Button>
              <Button size="small" variant="contained" onClick={() => setPushSelected([...selected.values()])}>
                {t('library.action.push')}
              </Button>
            </Paper>
          )}
          <AssetGallery
            query={assets}
            layout={layout}
            search={search}
            inFolder={folderId !== null}
            onOpen={setDetail}
            onAction={onAction}
            selectedIds={selectedIds}
            onSelect={onSelect}
            selectionFull={selected.size >= META_PUSH_MAX_ASSETS}
          />
        </Box>
      </Box>

      <AssetDetailDialog asset={detailAsset} onClose={() => setDetail(null)} onAction={onAction} />
      <AssetActionDialogs
        dialog={assetDialog}
        folders={folders.data ?? []}
        onClose={() => setAssetDialog(null)}
        onRenamed={(asset) => setDetail((open) => (open?.id === asset.id ? asset : open))}
        onDeleted={(asset) => setDetail((open) => (open?.id === asset.id ? null : open))}
      />
      <PushDialog asset={pushAsset} onClose={() => setPushAsset(null)} />
      <PushDialog
        asset={null}
        assets={pushSelected}
        onClose={() => {
          setPushSelected(null);
          setSelected(new Map());
        }}
      />
      <ResizeForAdsDialog asset={resizeAsset} onClose={() => setResizeAsset(null)} />
      <AdComposerDialog picture={adAsset} onClose={() => setAdAsset(null)} />
      <FolderDialogs
        dialog={folderDialog}
        onClose={() => setFolderDialog(null)}
        onCreated={() => undefined}
        onDeleted={(folder) => setChosenFolderId((current) => (current === folder.id ? null : current))}
      />
    </Box>
  );
}
