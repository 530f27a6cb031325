import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import { Box, CircularProgress, Typography, type SxProps, type Theme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { fetchImageDataUrl } from '../api/images';
import { useT } from '../../../lib/i18n/translate';

/** How long the direct image may take before the base64 endpoint is tried. */
export const DIRECT_IMAGE_TIMEOUT_MS = 5000;

export interface ImageWithFallbackProps {
  src: string;
  /** The storage key for GET /api/assets/base64/{key}; without it a failed direct image is unavailable. */
  storageKey: string | null;
  /** 'thumb' asks the base64 endpoint for the thumbnail. */
  variant?: string | null;
  alt: string;
  sx?: SxProps<Theme>;
  /** Shows a small spinner until the image has loaded. */
  showSpinner?: boolean;
}

/**
 * Image display: the direct image first, given DIRECT_IMAGE_TIMEOUT_MS to load; then the
 * data URL from the base64 endpoint; when that fails too, 'Image unavailable'.
 */
export function ImageWithFallback(props: ImageWithFallbackProps) {
  // Each image starts over with its own direct URL.
  return <FallbackImage key={`${props.src}|${props.storageKey ?? ''}`} {...props} />;
}

type Stage = 'direct' | 'loading-base64' | 'base64' | 'unavailable';

function FallbackImage({ src, storageKey, variant = null, alt, sx, showSpinner = false }: ImageWithFallbackProps) {
  const [stage, setStage] = useState<Stage>('direct');
  const t = useT();
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const fallBack = () => {
    if (stage !== 'direct') return;
    if (!storageKey) {
      setStage('unavailable');
      return;
    }
    setStage('loading-base64');
    const controller = new AbortController();
    abort.current = controller;
    fetchImageDataUrl(storageKey, variant, controller.signal).then(
      (url) => {
        if (controller.signal.aborted) return;
        setDataUrl(url);
        setStage('base64');
      },
      () => {
        if (!controller.signal.aborted) setStage('unavailable');
      },
    );
  };
  const fallBackRef = useRef(fallBack);
  fallBackRef.current = fallBack;

  const waiting = stage === 'direct' && !loaded;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => fallBackRef.current(), DIRECT_IMAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  useEffect(() => () => abort.current?.abort(), []);

  if (stage === 'unavailable') {
    return (
      <Box
        role="img"
        aria-label={`${alt} (unavailable)`}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          width: '100%',
          height: '100%',
          minHeight: 96,
          color: 'text.secondary',
          bgcolor: 'action.hover',
        }}
      >
        <BrokenImageOutlinedIcon />
        <Typography variant="body2">{t('studio.image.unavailable')}</Typography>
      </Box>
    );
  }

  const shown = stage === 'direct' ? src : stage === 'base64' ? dataUrl : null;
  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
      {shown && (
        <Box
          component="img"
          src={shown}
          alt={alt}
          onLoad={() => setLoaded(true)}
          onError={() => (stage === 'direct' ? fallBack() : setStage('unavailable'))}
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain', ...sx }}
        />
      )}
      {showSpinner && !loaded && (
        <CircularProgress size={24} aria-label={t('studio.image.loading')} sx={{ position: 'absolute', top: '50%', left: '50%', mt: -1.5, ml: -1.5 }} />
      )}
    </Box>
  );
}
