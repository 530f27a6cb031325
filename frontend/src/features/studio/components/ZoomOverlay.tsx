import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Dialog, IconButton, Stack, Typography } from '@mui/material';
import type { GeneratedImage } from '../api/images';
import { downloadImage, shareImage } from '../hooks/imageActions';
import { ImageWithFallback } from './ImageWithFallback';
import { useT } from '../../../lib/i18n/translate';

interface ZoomOverlayProps {
  open: boolean;
  onClose: () => void;
  image: GeneratedImage | null;
  /** The URL to show (with its cache buster). */
  src: string | null;
  prompt: string;
}

/**
 * A full-screen view of the image with its prompt and Share and Download buttons. Closes
 * on Escape, a click on the backdrop around the image, the close button, or the browser's back
 * action (useBackClosable, in the caller).
 */
export function ZoomOverlay({ open, onClose, image, src, prompt }: ZoomOverlayProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      slotProps={{ paper: { 'aria-label': t('studio.zoom.label'), sx: { bgcolor: 'rgba(0, 0, 0, 0.92)', color: 'common.white' } } }}
    >
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', top: 12, right: 12, zIndex: 1, color: 'common.white', bgcolor: 'rgba(255,255,255,0.12)' }}
      >
        <CloseIcon />
      </IconButton>
      <Box
        data-testid="zoom-backdrop"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
        sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, md: 6 } }}
      >
        {image && src && (
          <Box sx={{ maxWidth: '100%', maxHeight: '100%', width: 'min(100%, 1200px)', height: '100%' }}>
            <ImageWithFallback src={src} storageKey={image.s3Key} alt={t('studio.zoom.imageAlt')} />
          </Box>
        )}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', px: 3, py: 2, borderTop: 1, borderColor: 'rgba(255,255,255,0.16)' }}
      >
        <Typography variant="body2" data-testid="zoom-prompt" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {prompt}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" color="inherit" startIcon={<ShareIcon />} onClick={() => void shareImage(image?.url, prompt)}>
            {t('studio.zoom.share')}
          </Button>
          <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => downloadImage(image?.url)}>
            {t('studio.zoom.download')}
          </Button>
        </Stack>
      </Stack>
    </Dialog>
  );
}
