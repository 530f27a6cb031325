import { Alert, Box, Button, CircularProgress, Link, Skeleton, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Asset } from '../api/types';
import { flattenAssetPages, type AssetsQuery } from '../api/useAssets';
import { supportsIntersectionObserver, useInfiniteScroll } from '../hooks/useInfiniteScroll';
import { LIBRARY_TEXT, noSearchResults } from '../messages';
import { AssetCard, type AssetAction, type LibraryLayout } from './AssetCard';
import { useT } from '../../../lib/i18n/translate';

export const SKELETON_TILES = 6;

/** The grid has 2 columns on small screens and 3 from the md breakpoint; the list is one column of rows. */
const LAYOUT_SX = {
  grid: { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } },
  list: { display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' },
} as const satisfies Record<LibraryLayout, object>;

interface AssetGalleryProps {
  query: AssetsQuery;
  layout: LibraryLayout;
  /** The search the list was asked for ('' for none) and whether a folder is chosen: they pick the empty text. */
  search: string;
  inFolder: boolean;
  onOpen: (asset: Asset) => void;
  onAction: (action: AssetAction, asset: Asset) => void;
  /** Multi-select: the chosen asset ids, how to change them, and whether no more can be added. */
  selectedIds?: ReadonlySet<string>;
  onSelect?: (asset: Asset, selected: boolean) => void;
  selectionFull?: boolean;
}

/** The assets of the current folder/search/sort, loading further keyset pages as the end scrolls into view. */
export function AssetGallery({ query, layout, search, inFolder, onOpen, onAction, selectedIds, onSelect, selectionFull }: AssetGalleryProps) {
  const t = useT();
  const { data, isPending, isError, isPlaceholderData, hasNextPage, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } =
    query;
  const assets = useMemo(() => flattenAssetPages(data?.pages), [data]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const canLoadMore = hasNextPage && !isPlaceholderData && !isFetchNextPageError;
  const sentinelRef = useInfiniteScroll({ hasMore: canLoadMore, busy: isFetching, onLoadMore: loadMore, loaded: data?.pages.length ?? 0 });

  if (isPending) {
    return (
      <Box aria-busy="true" aria-label={t('library.loadingAssets')} role="status" sx={LAYOUT_SX[layout]}>
        {Array.from({ length: SKELETON_TILES }, (_, index) => (
          <Skeleton
            key={index}
            data-testid="asset-skeleton"
            variant="rounded"
            sx={layout === 'grid' ? { width: '100%', height: 'auto', aspectRatio: '1 / 1' } : { width: '100%', height: 80 }}
          />
        ))}
      </Box>
    );
  }

  if (isError && !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('library.tryAgain')}
          </Button>
        }
      >
        {LIBRARY_TEXT.loadError}
      </Alert>
    );
  }

  if (assets.length === 0) {
    return <EmptyLibrary search={search} inFolder={inFolder} />;
  }

  return (
    <Box aria-busy={isPlaceholderData || undefined}>
      <Box sx={{ ...LAYOUT_SX[layout], opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {assets.map((asset) => (
          <AssetCard
            key={asset.id}
            asset={asset}
            layout={layout}
            onOpen={onOpen}
            onAction={onAction}
            selected={selectedIds?.has(asset.id) ?? false}
            onSelect={onSelect}
            selectDisabled={selectionFull}
          />
        ))}
      </Box>
      {canLoadMore && <Box ref={sentinelRef} data-testid="asset-list-end" sx={{ height: 1 }} />}
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={t('library.loadingMore')} />
        </Box>
      )}
      {canLoadMore && !isFetching && !supportsIntersectionObserver() && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <Button variant="outlined" onClick={loadMore}>
            {t('common.loadMore')}
          </Button>
        </Box>
      )}
      {isFetchNextPageError && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={loadMore}>
              {t('library.tryAgain')}
            </Button>
          }
        >
          {LIBRARY_TEXT.loadError}
        </Alert>
      )}
    </Box>
  );
}

function EmptyLibrary({ search, inFolder }: { search: string; inFolder: boolean }) {
  const t = useT();
  const title = search ? noSearchResults(search) : inFolder ? LIBRARY_TEXT.emptyFolder : LIBRARY_TEXT.emptyTitle;
  const hint = search
    ? t('library.hint.search')
    : inFolder
      ? t('library.hint.folder')
      : t('library.hint.empty');
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, border: 1, borderColor: 'divider', borderStyle: 'dashed', borderRadius: 2 }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {hint}
      </Typography>
      {!search && !inFolder && (
        <Link component={RouterLink} to="/studio" sx={{ display: 'inline-block', mt: 2 }}>
          {LIBRARY_TEXT.emptyLink}
        </Link>
      )}
    </Box>
  );
}
