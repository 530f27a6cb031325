import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardActionArea, Checkbox, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { Tooltip } from '../../../components/Tooltip';
import { useId, useState } from 'react';
import { useAdNetworkSlots } from '../../../lib/adNetworkSlots';
import { AD_RESULT_BADGE_RANGE } from '@brandloom/contracts';
import { formatCurrency, formatNumber } from '../../../lib/i18n/format';
import type { Asset } from '../api/types';
import { useAssetResults } from '../api/useAssetResults';
import { formatDate, formatDimensions, formatFileSize } from '../format';
import { AssetThumbnail } from './AssetThumbnail';
import { translate, useT, type MessageKey } from '../../../lib/i18n/translate';

export type AssetAction = 'rename' | 'copy-link' | 'move' | 'resize' | 'make-ad' | 'push' | 'delete';
export type LibraryLayout = 'grid' | 'list';

const MENU_ITEMS: [AssetAction, MessageKey][] = [
  ['rename', 'library.action.rename'],
  ['copy-link', 'library.action.copyLink'],
  ['move', 'library.action.move'],
  ['resize', 'library.action.resize'],
  ['make-ad', 'library.action.makeAd'],
  ['push', 'library.action.push'],
  ['delete', 'common.delete'],
];

interface AssetCardProps {
  asset: Asset;
  layout: LibraryLayout;
  onOpen: (asset: Asset) => void;
  onAction: (action: AssetAction, asset: Asset) => void;
  /** Multi-select (the bulk 'Push to Meta'): whether this asset is chosen, and how to choose it; no checkbox without onSelect. */
  selected?: boolean;
  onSelect?: (asset: Asset, selected: boolean) => void;
  /** The selection is full (at most META_PUSH_MAX_ASSETS): unchosen assets cannot be added. */
  selectDisabled?: boolean;
}

const overlayButton = {
  bgcolor: 'background.paper',
  boxShadow: 1,
  '&:hover': { bgcolor: 'background.paper' },
} as const;

/** Marks an image the local test renderer drew (no image provider was configured). */
const testImageLabel = () => translate('library.testImage');


/** Two offset edges behind a card whose original has ad formats: it reads as a stack. */
const STACK_SHADOW = {
  overflow: 'visible',
  boxShadow: (theme: { palette: { background: { paper: string }; divider: string } }) =>
    `4px 4px 0 -1px ${theme.palette.background.paper}, 4px 4px 0 0 ${theme.palette.divider}, 8px 8px 0 -1px ${theme.palette.background.paper}, 8px 8px 0 0 ${theme.palette.divider}`,
} as const;

/** "+4 formats": how many ad formats are stacked under the image; opens the image with its formats. */
function StackCount({ count, onOpen, grid }: { count: number; onOpen: () => void; grid: boolean }) {
  const t = useT();
  return (
    <Button
      data-testid="asset-stack-count"
      size="small"
      variant="outlined"
      startIcon={<LayersOutlinedIcon fontSize="small" />}
      onClick={onOpen}
      sx={grid ? { ...overlayButton, position: 'absolute', left: 8, bottom: 8, minWidth: 0, py: 0.25 } : { flexShrink: 0, minWidth: 0, py: 0.25 }}
    >
      {t('library.stackCount', { count })}
    </Button>
  );
}

/**
 * The card menu's items (mounted while the menu is open). On a plan without Meta the push item names
 * the plan that includes it; it opens the push dialog, which leads to the upgrade.
 */
function AssetMenuItems({ onChoose }: { onChoose: (action: AssetAction) => void }) {
  const t = useT();
  const requiredPlan = useAdNetworkSlots().usePushPlanRequired();
  return MENU_ITEMS.map(([action, label]) => (
    <MenuItem key={action} onClick={() => onChoose(action)} sx={action === 'delete' ? { color: 'error.main' } : undefined}>
      {action === 'push' && requiredPlan ? `${t(label)} (${requiredPlan})` : t(label)}
    </MenuItem>
  ));
}

/** An asset in the grid (its thumbnail in its real shape, name) or the list (a row with its details); an original with ad formats is a stack. */
export function AssetCard({ asset, layout, onOpen, onAction, selected = false, onSelect, selectDisabled = false }: AssetCardProps) {
  const t = useT();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const grid = layout === 'grid';
  const stacked = (asset.format_count ?? 0) > 0;
  const results = useAssetResults().get(asset.id);

  const choose = (action: AssetAction) => {
    setMenuAnchor(null);
    onAction(action, asset);
  };

  const buttons = (
    <>
      <Tooltip title={t('library.openInNewTab')}>
        <IconButton
          component="a"
          href={asset.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('library.openInNewTab')}
          size="small"
          sx={grid ? overlayButton : undefined}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton
        aria-label={t('library.assetActions')}
        aria-haspopup="menu"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : undefined}
        size="small"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={grid ? overlayButton : undefined}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
    </>
  );

  return (
    <Card
      data-testid="asset-card"
      data-selected={selected || undefined}
      data-stack={stacked ? asset.format_count : undefined}
      variant="outlined"
      sx={{ position: 'relative', display: grid ? 'block' : 'flex', alignItems: 'center', ...(stacked && grid ? STACK_SHADOW : {}) }}
    >
      {onSelect && (
        <Checkbox
          checked={selected}
          disabled={selectDisabled && !selected}
          onChange={(event) => onSelect(asset, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('library.select', { name: asset.name }) } }}
          size="small"
          sx={grid ? { ...overlayButton, position: 'absolute', top: 8, left: 8, zIndex: 1, p: 0.5, borderRadius: 1 } : { flexShrink: 0 }}
        />
      )}
      <CardActionArea
        onClick={() => onOpen(asset)}
        sx={grid ? undefined : { display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2, p: 1, flex: 1, minWidth: 0 }}
      >
        <Box sx={grid ? { borderTopLeftRadius: 'inherit', borderTopRightRadius: 'inherit', overflow: 'hidden' } : { width: 64, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
          <AssetThumbnail asset={asset} alt="" />
        </Box>
        <Box sx={{ p: grid ? 1.5 : 0, minWidth: 0, flex: grid ? undefined : 1 }}>
          <Typography variant="body2" noWrap title={asset.name} sx={{ fontWeight: 500 }}>
            <Box component="span" sx={visuallyHidden}>
              {t('library.viewAsset')}{' '}
            </Box>
            {asset.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {grid
              ? [asset.test_image && testImageLabel(), asset.format, formatDate(asset.created_at)].filter(Boolean).join(' · ')
              : [asset.test_image && testImageLabel(), asset.format, formatDimensions(asset), formatFileSize(asset.file_size), formatDate(asset.created_at), asset.brand_profile_name]
                  .filter(Boolean)
                  .join(' · ')}
          </Typography>
          {results && (
            <Typography variant="caption" color="text.secondary" noWrap component="p" data-testid="asset-results">
              {t('library.results', { ctr: results.ctr === null ? '—' : formatNumber(results.ctr, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }), spend: formatCurrency(results.spend, results.currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), days: AD_RESULT_BADGE_RANGE })}
            </Typography>
          )}
        </Box>
      </CardActionArea>
      {stacked && grid && (
        // Over the square thumbnail's bottom edge (the card's action area, a button itself, cannot hold it).
        <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, aspectRatio: '1 / 1', pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
          <StackCount count={asset.format_count!} grid onOpen={() => onOpen(asset)} />
        </Box>
      )}
      <Box sx={grid ? { position: 'absolute', top: 8, right: 8, display: 'flex', gap: 0.5 } : { display: 'flex', alignItems: 'center', gap: 0.5, px: 1 }}>
        {stacked && !grid && <StackCount count={asset.format_count!} grid={false} onOpen={() => onOpen(asset)} />}
        {buttons}
      </Box>
      <Menu id={menuId} anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
        <AssetMenuItems onChoose={choose} />
      </Menu>
    </Card>
  );
}
