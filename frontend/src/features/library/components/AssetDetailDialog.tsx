import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import AspectRatioIcon from '@mui/icons-material/AspectRatio';
import { AD_FORMATS, FORMAT_METHOD_LABELS, type FormatMethod } from '@brandloom/contracts';
import { useAssetFormats } from '../../../lib/formats';
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import type { Asset } from '../api/types';
import { copyAssetLink, downloadAsset } from '../hooks/assetActions';
import { formatDate, formatDimensions, formatFileSize, generateSimilarUrl } from '../format';
import { LIBRARY_TEXT } from '../messages';
import type { AssetAction } from './AssetCard';
import { PushToAdPlatformButton } from './integration/PushToAdPlatformButton';
import { hasMessage, translate, useT, type MessageKey } from '../../../lib/i18n/translate';

interface AssetDetailDialogProps {
  asset: Asset | null;
  onClose: () => void;
  /** Rename and Delete open their dialogs above this one. */
  onAction: (action: AssetAction, asset: Asset) => void;
}

/** An asset's image, its facts and every action on it. */
export function AssetDetailDialog({ asset, onClose, onAction }: AssetDetailDialogProps) {
  return (
    <Dialog open={!!asset} onClose={onClose} fullWidth maxWidth="md">
      {asset && <AssetDetails asset={asset} onClose={onClose} onAction={onAction} />}
    </Dialog>
  );
}

function AssetDetails({ asset, onClose, onAction }: { asset: Asset; onClose: () => void; onAction: AssetDetailDialogProps['onAction'] }) {
  const t = useT();
  const navigate = useNavigate();
  const facts: [string, string][] = [
    [t('library.detail.dimensions'), formatDimensions(asset)],
    [t('library.detail.fileSize'), formatFileSize(asset.file_size)],
    [t('library.detail.created'), formatDate(asset.created_at)],
    [t('library.detail.brandProfile'), asset.brand_profile_name || LIBRARY_TEXT.noBrandProfile],
  ];

  return (
    <>
      <DialogTitle sx={{ pr: 6, overflowWrap: 'anywhere' }}>{asset.name}</DialogTitle>
      <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
          <Box
            component="img"
            src={asset.url}
            alt={asset.name}
            sx={{ width: '100%', maxHeight: '60vh', objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
          />
          <Box>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}>
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`asset-detail-${label.toLowerCase().replace(' ', '-')}`}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {asset.prompt && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('studio.prompt')}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxHeight: 160, overflowY: 'auto' }}>
                  {asset.prompt}
                </Typography>
              </Box>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
              <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => downloadAsset(asset)}>
                {t('library.download')}
              </Button>
              <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copyAssetLink(asset)}>
                {t('library.action.copyLink')}
              </Button>
              <Button variant="outlined" startIcon={<DriveFileRenameOutlineIcon />} onClick={() => onAction('rename', asset)}>
                {t('library.action.rename')}
              </Button>
              <Button variant="outlined" startIcon={<AutoAwesomeIcon />} onClick={() => void navigate(generateSimilarUrl(asset))}>
                {t('library.action.generateSimilar')}
              </Button>
              <Button variant="outlined" startIcon={<AspectRatioIcon />} onClick={() => onAction('resize', asset)}>
                {t('library.action.resize')}
              </Button>
              <Button variant="outlined" startIcon={<CampaignOutlinedIcon />} onClick={() => onAction('make-ad', asset)}>
                {asset.method === 'ad' ? t('library.action.editAd') : t('library.action.makeAd')}
              </Button>
              <PushToAdPlatformButton onClick={() => onAction('push', asset)} />
              <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onAction('delete', asset)}>
                {t('common.delete')}
              </Button>
            </Box>
          </Box>
        </Box>
        <AdFormats asset={asset} />
      </DialogContent>
    </>
  );
}

/** The asset beside its ad formats, each with its size and a download. */
function AdFormats({ asset }: { asset: Asset }) {
  const t = useT();
  const formats = useAssetFormats(asset.parent_asset_id ?? asset.id);
  const derived = formats.data?.formats ?? [];
  if (derived.length === 0) return null;
  const original = formats.data?.original ?? asset;
  const items = [{ label: t('library.originalImage'), item: original as Asset, method: null as string | null }, ...derived.map((d) => ({ label: formatLabel(d.format), item: d as Asset, method: d.method }))];
  return (
    <Box component="section" aria-labelledby="ad-formats-heading" sx={{ mt: 3 }}>
      <Typography id="ad-formats-heading" variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {t('library.adFormats')}
      </Typography>
      <Box data-testid="ad-formats" sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 1, alignItems: 'flex-end' }}>
        {items.map(({ label, item, method }) => (
          <Box key={item.id} data-testid="ad-format" data-format={item.format ?? 'original'} sx={{ flex: '0 0 auto', width: 150 }}>
            <Box
              component="img"
              src={item.thumbnailUrl ?? item.url}
              alt={t('library.formatOf', { format: label, name: asset.name })}
              sx={{ width: '100%', height: 150, objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
            />
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {label}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {formatDimensions(item)}
              {method ? ` · ${FORMAT_METHOD_LABELS[method as FormatMethod] ?? method}` : ''}
            </Typography>
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadAsset(item)} aria-label={t('library.downloadFormat', { format: label })}>
              {t('library.download')}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function formatLabel(id: string | null): string {
  const format = AD_FORMATS.find((f) => f.id === id);
  return format ? `${hasMessage(`studio.adFormats.name.${format.name}`) ? translate(`studio.adFormats.name.${format.name}` as MessageKey) : format.name} ${format.id}` : (id ?? translate('library.originalImage'));
}
