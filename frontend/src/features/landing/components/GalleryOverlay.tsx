import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, Dialog, DialogContent, IconButton, Typography } from '@mui/material';
import { GALLERY_ASPECT, GALLERY_WIDTHS, galleryImageUrl, type GalleryImage } from '../gallery';
import { galleryAlt, galleryCaption, galleryCategoryLabel } from '../galleryText';
import { useT } from '../../../lib/i18n/translate';

const largest = GALLERY_WIDTHS[GALLERY_WIDTHS.length - 1];

/**
 * The enlarged image with its caption and category; Escape, the backdrop and the close button close
 * it. The image gives up height (letterboxed) so the caption and chip stay inside a short window.
 */
export default function GalleryOverlay({ image, onClose }: { image: GalleryImage; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="gallery-overlay-caption">
      <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: '#fff' } }}>
        <CloseIcon />
      </IconButton>
      <Box
        component="img"
        src={galleryImageUrl(image.id, largest)}
        width={largest}
        height={(largest * GALLERY_ASPECT.height) / GALLERY_ASPECT.width}
        alt={galleryAlt(image)}
        sx={{
          width: '100%',
          height: 'auto',
          maxHeight: 'calc(100vh - 200px)',
          objectFit: 'contain',
          bgcolor: 'grey.900',
          display: 'block',
          aspectRatio: `${GALLERY_ASPECT.width} / ${GALLERY_ASPECT.height}`,
        }}
      />
      <DialogContent sx={{ overflowY: 'visible' }}>
        <Typography id="gallery-overlay-caption" variant="h6" component="h3">
          {galleryCaption(image)}
        </Typography>
        <Chip label={galleryCategoryLabel(image.category)} size="small" sx={{ mt: 1 }} />
      </DialogContent>
    </Dialog>
  );
}
