import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { TextLink } from '../../../components/light/TextLink';
import { usePublicHref, useRichT, useT } from '../../../lib/i18n/translate';

/** The size of MUI's large Button, for the light buttons of the account screens. */
export const largeButtonSx: SxProps<Theme> = { borderRadius: 1, minHeight: 42, px: '22px', fontSize: '0.9375rem' };
/** A contained button's elevation, as MUI draws it. */
export const submitButtonSx: SxProps<Theme> = { ...largeButtonSx, boxShadow: 2, '&:hover': { boxShadow: 4 }, '&:disabled': { boxShadow: 'none' } };

/**
 * The centred card that frames the account screens. Plain elements in the look of MUI's Card and
 * Typography: sign-in and sign-up are pre-rendered pages with a small script budget.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const t = useT();
  const richT = useRichT();
  const href = usePublicHref();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: 440,
          overflow: 'hidden',
          borderRadius: 1,
          boxShadow: 1,
          bgcolor: 'background.paper',
          // A Paper's elevation tint in the dark palette (none in the light one).
          backgroundImage: 'var(--mui-overlays-1, none)',
          color: 'text.primary',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, pt: 4, px: 4, pb: 3 }}>
          <Box sx={{ textAlign: 'center' }}>
            <TextLink href={href('/')} sx={{ typography: 'h5', fontWeight: 700, textDecoration: 'none' }}>
              Brandloom
            </TextLink>
            <Box component="h1" sx={{ typography: 'h5', mt: 2, mb: 0 }}>
              {title}
            </Box>
            <Box component="p" sx={{ typography: 'body1', color: 'text.secondary', m: 0 }}>
              {subtitle}
            </Box>
          </Box>
          {children}
          <Box component="p" sx={{ typography: 'caption', color: 'text.secondary', textAlign: 'center', m: 0 }}>
            {richT('auth.agreement', {
              terms: <TextLink href={href('/terms')}>{t('public.termsTitle')}</TextLink>,
              privacy: <TextLink href={href('/privacy')}>{t('public.privacyTitle')}</TextLink>,
            })}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
