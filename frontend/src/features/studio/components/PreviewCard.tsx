import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { Alert, AlertTitle, Box, Button, ButtonBase, Card, CardContent, CardHeader, CircularProgress, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { Tooltip } from '../../../components/Tooltip';
import { useState } from 'react';
import { useAdsSlots, type AdPicture } from '../../../lib/adsSlots';
import { parseAssetUrl, withCacheBuster } from '../api/images';
import { copyImageUrl, downloadImage } from '../hooks/imageActions';
import { useBackClosable } from '../hooks/useBackClosable';
import type { GenerationState } from '../hooks/useGeneration';
import { ImageWithFallback } from './ImageWithFallback';
import { ZoomOverlay } from './ZoomOverlay';
import { useT } from '../../../lib/i18n/translate';


const overlayButton = { color: 'common.white', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' } } as const;

/** The preview card: the placeholder, the spinner with progress, or the image and its variations. */
export function PreviewCard({ state }: { state: GenerationState }) {
  const { phase, images, prompt, completedAt } = state;
  const t = useT();
  // A new set of variations starts at the first one.
  const setKey = `${state.jobId ?? ''}|${completedAt ?? ''}`;
  const [selection, setSelection] = useState({ setKey, index: 0 });
  const index = selection.setKey === setKey ? Math.min(selection.index, Math.max(0, images.length - 1)) : 0;
  const zoom = useBackClosable();
  const { AdComposerDialog } = useAdsSlots();
  const [adPicture, setAdPicture] = useState<AdPicture | null>(null);

  const count = images.length;
  const image = phase === 'completed' ? (images[index] ?? null) : null;
  const src = image ? withCacheBuster(image.url, completedAt ?? 0) : null;
  const go = (delta: number) => setSelection({ setKey, index: (index + delta + count) % count });

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={t('studio.preview.title')} slotProps={{ title: { component: 'h3', variant: 'h6' } }} />
      <CardContent>
        <Box
          data-testid="preview-box"
          sx={{
            position: 'relative',
            aspectRatio: '1 / 1',
            width: '100%',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            borderStyle: image ? 'solid' : 'dashed',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {(phase === 'submitting' || phase === 'connecting' || phase === 'generating') && (
            <Stack role="status" spacing={2} sx={{ alignItems: 'center', width: '80%', textAlign: 'center' }}>
              <CircularProgress aria-label={t('studio.preview.spinner')} />
              <Typography variant="subtitle1">{t('studio.preview.generating')}</Typography>
              <Box sx={{ width: '100%' }}>
                <LinearProgress variant="determinate" value={state.progress} aria-label={t('studio.preview.progress')} />
                <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
                  <Typography variant="caption" color="text.secondary" data-testid="progress-message">
                    {state.message}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {Math.round(state.progress)}%
                  </Typography>
                </Stack>
              </Box>
            </Stack>
          )}

          {phase === 'error' && (
            <Alert severity="error" sx={{ m: 2 }} data-testid="preview-error">
              <AlertTitle>{state.error?.title ?? t('studio.generationFailed')}</AlertTitle>
              {state.error?.message || t('studio.generateImageFailed')}
            </Alert>
          )}

          {phase === 'idle' && (
            <Stack spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', textAlign: 'center', p: 2 }}>
              <ImageOutlinedIcon fontSize="large" />
              <Typography>{t('studio.preview.placeholder')}</Typography>
            </Stack>
          )}

          {image && src && (
            <>
              <ImageWithFallback src={src} storageKey={image.s3Key} alt={t('studio.preview.imageAlt')} showSpinner />
              <IconButton aria-label={t('studio.preview.zoom')} onClick={zoom.show} sx={{ position: 'absolute', top: 8, right: 8, ...overlayButton }}>
                <ZoomInIcon />
              </IconButton>
              {count > 1 && (
                <>
                  <IconButton
                    aria-label={t('studio.preview.previous')}
                    onClick={() => go(-1)}
                    sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)', ...overlayButton }}
                  >
                    <ChevronLeftIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('studio.preview.next')}
                    onClick={() => go(1)}
                    sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)', ...overlayButton }}
                  >
                    <ChevronRightIcon />
                  </IconButton>
                </>
              )}
            </>
          )}
        </Box>

        {/* The prompt and the image's actions sit under the picture, never over its own text; the row is
            reserved before the image arrives so nothing below moves. */}
        <Stack direction="row" spacing={1} data-testid="preview-caption" sx={{ alignItems: 'center', minHeight: 40, mt: 1 }}>
          {image && (
            <>
              <Typography variant="body2" color="text.secondary" data-testid="preview-prompt" sx={{ flex: 1, minWidth: 0 }} noWrap title={prompt}>
                {prompt}
              </Typography>
              <Tooltip title={t('studio.preview.copyUrl')}>
                <IconButton aria-label={t('studio.preview.copyUrl')} size="small" onClick={() => void copyImageUrl(image.url)}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('studio.preview.download')}>
                <IconButton aria-label={t('studio.preview.download')} size="small" onClick={() => downloadImage(image.url)}>
                  <DownloadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {parseAssetUrl(image.url) && (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<CampaignOutlinedIcon fontSize="small" />}
                  onClick={() => setAdPicture({ id: image.id, name: prompt || t('studio.preview.imageAlt'), url: image.url, brand_profile_id: null })}
                  sx={{ flexShrink: 0 }}
                >
                  {t('studio.preview.makeAd')}
                </Button>
              )}
            </>
          )}
        </Stack>
        <AdComposerDialog picture={adPicture} onClose={() => setAdPicture(null)} />

        {image && count > 1 && (
          <>
            <Typography variant="body2" sx={{ textAlign: 'center', mt: 1.5 }} data-testid="variation-label">
              Variation {index + 1} of {count}
            </Typography>
            <Stack direction="row" spacing={1} role="group" aria-label={t('studio.preview.thumbnails')} sx={{ mt: 1, overflowX: 'auto', pb: 0.5 }}>
              {images.map((variation, position) => {
                const thumb = parseAssetUrl(variation.thumbnailUrl);
                return (
                  <ButtonBase
                    key={variation.id}
                    aria-label={t('studio.preview.showVariation', { number: position + 1 })}
                    aria-current={position === index ? 'true' : undefined}
                    onClick={() => setSelection({ setKey, index: position })}
                    sx={{
                      flex: '0 0 auto',
                      width: 64,
                      height: 64,
                      borderRadius: 1,
                      overflow: 'hidden',
                      border: 2,
                      borderColor: position === index ? 'primary.main' : 'transparent',
                    }}
                  >
                    <ImageWithFallback
                      src={variation.thumbnailUrl}
                      storageKey={thumb?.key ?? variation.s3Key}
                      variant={thumb?.variant ?? null}
                      alt={t('studio.preview.thumbnailAlt', { number: position + 1 })}
                      sx={{ objectFit: 'cover' }}
                    />
                  </ButtonBase>
                );
              })}
            </Stack>
          </>
        )}
      </CardContent>
      <ZoomOverlay open={zoom.open && !!image} onClose={zoom.close} image={image} src={src} prompt={prompt} />
    </Card>
  );
}
