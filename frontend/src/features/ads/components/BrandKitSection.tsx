import { AD_LOGO_VARIANTS, DEFAULT_AD_FONTS, type AdCopy, type LogoVariant } from '@brandloom/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, CardHeader, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useRef, useState } from 'react';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { Tooltip } from '../../../components/Tooltip';
import { translatedMessages, useT } from '../../../lib/i18n/translate';
import { useAdFonts, useBrandProfileKit, useDeleteLogo, useSaveBrandFonts, useUploadLogo, type BrandLogo } from '../api/ads';
import { brandLookOf, logoFor } from '../engine/brandLook';
import { useAdPreview } from '../engine/useAdPreview';
import { AdPreview } from './AdPreview';
import { LOGO_VARIANT_LABELS } from './AdComposerDialog';

export const KIT_MESSAGES = translatedMessages({
  logosUnavailable: 'ads.kit.logosUnavailable',
  uploadFailed: 'ads.kit.uploadFailed',
  deleteFailed: 'ads.kit.deleteFailed',
  fontsFailed: 'ads.kit.fontsFailed',
});

/** A calm two-colour picture in the brand's colours for the sample ad (no library picture needed). */
function samplePicture(from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1080" height="1080" fill="url(#g)"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A brand profile's kit: a logo per variant, heading and body fonts, and a sample ad in its look. */
export function BrandKitSection({ brandProfileId }: { brandProfileId: string }) {
  const kit = useBrandProfileKit(brandProfileId);
  const t = useT();
  const fonts = useAdFonts();
  const saveFonts = useSaveBrandFonts(brandProfileId);
  const [fontsError, setFontsError] = useState<string | null>(null);
  const look = useMemo(() => brandLookOf(kit.data?.brand_data), [kit.data?.brand_data]);
  const logos = kit.data?.logos;
  const sampleLogo = useMemo(() => {
    const found = logoFor(logos, 'default');
    return found ? { variant: 'default' as const, logo: found } : null;
  }, [logos]);
  const picture = useMemo(() => samplePicture(look.secondary, look.accent), [look.secondary, look.accent]);
  const sampleCopy = useMemo<AdCopy>(() => ({ headline: t('ads.kit.sampleHeadline'), body: t('ads.kit.sampleBody'), cta: 'SHOP_NOW' }), [t]);
  const sample = useAdPreview({ pictureUrl: picture, placement: '1:1', layout: 'bottom-band', copy: sampleCopy, look, logo: sampleLogo });

  const setFont = (role: 'heading' | 'body', id: string) => {
    setFontsError(null);
    saveFonts.mutate({ ...look.fonts, [role]: id }, { onError: (failure) => setFontsError(getErrorMessage(failure, KIT_MESSAGES.fontsFailed)) });
  };
  const fontOptions = fonts.data ?? [];

  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="brand-kit-heading">
      <CardHeader title={t('ads.kit.title')} slotProps={{ title: { component: 'h3', variant: 'h6', id: 'brand-kit-heading' } }} subheader={t('ads.kit.subtitle')} />
      <CardContent>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 300px)' }, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <Box>
              <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
                {t('ads.kit.logos')}
              </Typography>
              <Stack spacing={1.5}>
                {AD_LOGO_VARIANTS.map((variant) => (
                  <LogoRow key={variant} brandProfileId={brandProfileId} variant={variant} logo={logos?.find((logo) => logo.variant === variant) ?? null} listed={!!logos} />
                ))}
              </Stack>
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
                {t('brandBrain.fonts')}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                {(['heading', 'body'] as const).map((role) => (
                  <TextField
                    key={role}
                    select
                    size="small"
                    label={role === 'heading' ? t('ads.kit.headingFont') : t('ads.kit.bodyFont')}
                    value={kit.data ? look.fonts[role] : DEFAULT_AD_FONTS[role]}
                    onChange={(event) => setFont(role, event.target.value)}
                    disabled={!kit.data || fontOptions.length === 0 || saveFonts.isPending}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    {fontOptions.map((font) => (
                      <option key={font.id} value={font.id}>
                        {`${font.family} (${font.category})`}
                      </option>
                    ))}
                  </TextField>
                ))}
              </Box>
              {fontsError && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {fontsError}
                </Alert>
              )}
            </Box>
          </Stack>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
              {t('ads.kit.sample')}
            </Typography>
            <AdPreview placement="1:1" pictureUrl={picture} state={sample} maxHeight={300} label={t('ads.kit.samplePreview')} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function LogoRow({ brandProfileId, variant, logo, listed }: { brandProfileId: string; variant: LogoVariant; logo: BrandLogo | null; listed: boolean }) {
  const upload = useUploadLogo(brandProfileId);
  const t = useT();
  const remove = useDeleteLogo(brandProfileId);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const label = LOGO_VARIANT_LABELS[variant];
  const unavailable = (failure: unknown) => failure instanceof ApiError && (failure.status === 404 || failure.status === 405);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    upload.mutate({ file, variant }, { onError: (failure) => setError(unavailable(failure) ? KIT_MESSAGES.logosUnavailable : getErrorMessage(failure, KIT_MESSAGES.uploadFailed)) });
  };

  return (
    <Box data-testid="brand-logo" data-variant={variant}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          sx={{
            // The logo in its real shape on a checkerboard, so a light logo shows.
            height: 56,
            minWidth: 56,
            maxWidth: 160,
            px: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            backgroundImage: 'repeating-conic-gradient(#d0d0d0 0% 25%, #f5f5f5 0% 50%)',
            backgroundSize: '12px 12px',
          }}
        >
          {logo ? (
            <Box component="img" src={logo.url} alt={t('ads.kit.logoAlt', { label })} sx={{ maxHeight: 44, maxWidth: 144, width: 'auto', height: 'auto', display: 'block' }} />
          ) : (
            <Typography variant="caption" sx={{ color: '#333' }}>
              {t('ads.kit.none')}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ flex: '1 1 140px', minWidth: 0 }}>
          {label}
        </Typography>
        <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" hidden aria-label={t('ads.kit.logoFile', { label })} onChange={(event) => { onFile(event.target.files?.[0]); event.target.value = ''; }} />
        <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={upload.isPending} aria-label={t('ads.kit.uploadLabel', { variant })}>
          {upload.isPending ? t('ads.kit.uploading') : logo ? t('ads.kit.replace') : t('ads.kit.upload')}
        </Button>
        {logo && (
          <Tooltip title={t('ads.kit.deleteTooltip', { variant })}>
            <IconButton
              size="small"
              aria-label={t('ads.kit.deleteLabel', { variant })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(variant, { onError: (failure) => setError(getErrorMessage(failure, KIT_MESSAGES.deleteFailed)) })}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {!listed && variant === 'default' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('ads.kit.hint')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
