import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { Box, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { GALLERY_ASPECT, GALLERY_CATEGORIES, GALLERY_IMAGES, GALLERY_WIDTHS, galleryImageUrl, type GalleryImage } from '../gallery';
import { galleryAlt, galleryCategoryLabel } from '../galleryText';
import { useGallery } from '../hooks/useGallery';
import { Column, PlainButton } from '../../../components/light/controls';
import { useT } from '../../../lib/i18n/translate';

// The overlay (a dialog) loads on the first click, not with the page.
const GalleryOverlay = lazy(() => import('./GalleryOverlay'));

const srcSet = (id: string) => GALLERY_WIDTHS.map((w) => `${galleryImageUrl(id, w)} ${w}w`).join(', ');
const pagerSx = { px: 1, bgcolor: 'transparent', color: 'text.primary', borderColor: 'grey.400', borderRadius: '50%', '&:hover': { bgcolor: 'grey.100' } } as const;

export function Gallery({ images = GALLERY_IMAGES }: { images?: readonly GalleryImage[] }) {
  const gallery = useGallery(images);
  // Also renders the images' alt texts and the category labels again when the language changes.
  const t = useT();
  const [selected, setSelected] = useState<GalleryImage | null>(null);
  return (
    <Box component="section" id="gallery" aria-labelledby="gallery-title" sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper' }}>
      <Column>
        <Typography id="gallery-title" variant="h3" component="h2" sx={{ fontWeight: 800, fontSize: { xs: 30, md: 40 }, textAlign: 'center' }}>
          {t('landing.gallery.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 3 }}>
          {t('landing.gallery.intro')}
        </Typography>
        <Box role="group" aria-label={t('landing.gallery.filter')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', mb: 3 }}>
          {GALLERY_CATEGORIES.map((category) => (
            <PlainButton
              key={category}
              aria-pressed={gallery.filter === category}
              onClick={() => gallery.setFilter(category)}
              sx={[
                { minHeight: 34, borderRadius: 999, fontSize: 14 },
                gallery.filter === category
                  ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
                  : { bgcolor: 'transparent', color: 'text.primary', borderColor: 'grey.400', '&:hover': { bgcolor: 'grey.100' } },
              ]}
            >
              {galleryCategoryLabel(category)}
            </PlainButton>
          ))}
        </Box>
        <Box component="ul" aria-label={t('landing.gallery.images')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
          {gallery.visible.map((image) => (
            <Box component="li" key={image.id}>
              <Box
                component="button"
                type="button"
                onClick={() => setSelected(image)}
                aria-label={t('landing.gallery.enlarge', { alt: galleryAlt(image) })}
                sx={{ p: 0, border: 0, width: '100%', display: 'block', cursor: 'zoom-in', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.200', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
              >
                <Box
                  component="img"
                  src={galleryImageUrl(image.id, GALLERY_WIDTHS[0])}
                  srcSet={srcSet(image.id)}
                  sizes="(min-width: 900px) 280px, 50vw"
                  width={GALLERY_WIDTHS[0]}
                  height={(GALLERY_WIDTHS[0] * GALLERY_ASPECT.height) / GALLERY_ASPECT.width}
                  loading="lazy"
                  decoding="async"
                  alt=""
                  sx={{ width: '100%', height: 'auto', aspectRatio: `${GALLERY_ASPECT.width} / ${GALLERY_ASPECT.height}`, display: 'block' }}
                />
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, mt: 3, alignItems: 'center', justifyContent: 'center' }}>
          <PlainButton aria-label={t('landing.gallery.previous')} onClick={gallery.previous} sx={pagerSx}>
            <ChevronLeftIcon />
          </PlainButton>
          <Typography aria-live="polite" aria-label={t('landing.gallery.page', { page: gallery.page, count: gallery.pageCount })} sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {gallery.page} / {gallery.pageCount}
          </Typography>
          <PlainButton aria-label={t('landing.gallery.next')} onClick={gallery.next} sx={pagerSx}>
            <ChevronRightIcon />
          </PlainButton>
        </Box>
      </Column>
      {selected && (
        <Suspense fallback={null}>
          <GalleryOverlay image={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </Box>
  );
}
