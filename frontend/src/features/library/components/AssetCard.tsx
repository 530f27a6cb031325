import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Card, CardActionArea, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { Tooltip } from '../../../components/Tooltip';
import { useId, useState } from 'react';
import type { Asset } from '../api/types';
import { formatDate, formatDimensions, formatFileSize } from '../format';
import { AssetThumbnail } from './AssetThumbnail';

export type AssetAction = 'rename' | 'copy-link' | 'move' | 'resize' | 'push' | 'delete';
export type LibraryLayout = 'grid' | 'list';

const MENU_ITEMS: [AssetAction, string][] = [
  ['rename', 'Rename'],
  ['copy-link', 'Copy Link'],
  ['move', 'Move to Folder'],
  ['resize', 'Resize for ads'],
  ['push', 'Push to Meta'],
  ['delete', 'Delete'],
];

interface AssetCardProps {
  asset: Asset;
  layout: LibraryLayout;
  onOpen: (asset: Asset) => void;
  onAction: (action: AssetAction, asset: Asset) => void;
}

const overlayButton = {
  bgcolor: 'background.paper',
  boxShadow: 1,
  '&:hover': { bgcolor: 'background.paper' },
} as const;

/** Marks an image the local test renderer drew (no image provider was configured). */
const TEST_IMAGE_LABEL = 'Test image';

/** An asset in the grid (square thumbnail, name) or the list (a row with its details). */
export function AssetCard({ asset, layout, onOpen, onAction }: AssetCardProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const grid = layout === 'grid';

  const choose = (action: AssetAction) => {
    setMenuAnchor(null);
    onAction(action, asset);
  };

  const buttons = (
    <>
      <Tooltip title="Open in new tab">
        <IconButton
          component="a"
          href={asset.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Open in new tab"
          size="small"
          sx={grid ? overlayButton : undefined}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <IconButton
        aria-label="Asset actions"
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
    <Card data-testid="asset-card" variant="outlined" sx={{ position: 'relative', display: grid ? 'block' : 'flex', alignItems: 'center' }}>
      <CardActionArea
        onClick={() => onOpen(asset)}
        sx={grid ? undefined : { display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2, p: 1, flex: 1, minWidth: 0 }}
      >
        <Box sx={grid ? undefined : { width: 64, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
          <AssetThumbnail asset={asset} alt="" />
        </Box>
        <Box sx={{ p: grid ? 1.5 : 0, minWidth: 0, flex: grid ? undefined : 1 }}>
          <Typography variant="body2" noWrap title={asset.name} sx={{ fontWeight: 500 }}>
            <Box component="span" sx={visuallyHidden}>
              View{' '}
            </Box>
            {asset.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {grid
              ? [asset.test_image && TEST_IMAGE_LABEL, asset.format, formatDate(asset.created_at)].filter(Boolean).join(' · ')
              : [asset.test_image && TEST_IMAGE_LABEL, asset.format, formatDimensions(asset), formatFileSize(asset.file_size), formatDate(asset.created_at), asset.brand_profile_name]
                  .filter(Boolean)
                  .join(' · ')}
          </Typography>
        </Box>
      </CardActionArea>
      <Box sx={grid ? { position: 'absolute', top: 8, right: 8, display: 'flex', gap: 0.5 } : { display: 'flex', gap: 0.5, px: 1 }}>
        {buttons}
      </Box>
      <Menu id={menuId} anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
        {MENU_ITEMS.map(([action, label]) => (
          <MenuItem key={action} onClick={() => choose(action)} sx={action === 'delete' ? { color: 'error.main' } : undefined}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
