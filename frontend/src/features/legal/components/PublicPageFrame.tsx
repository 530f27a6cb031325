import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { usePublicHref, useT } from '../../../lib/i18n/translate';

/** The legal pages' slim header: the brand home link, the blog and sign in. */
export function PublicPageHeader() {
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="md" sx={{ display: 'flex', alignItems: 'center', height: 56, gap: 3 }}>
        <Link href={href('/')} underline="none" sx={{ fontWeight: 800, fontSize: 20, mr: 'auto' }}>
          Brandloom
        </Link>
        <Link href={href('/blog')}>{t('blog.list.title')}</Link>
        <Link href={href('/signin')}>{t('landing.nav.signIn')}</Link>
      </Container>
    </Box>
  );
}

export function PublicPageFooter() {
  const t = useT();
  const href = usePublicHref();
  return (
    <Box component="footer" sx={{ py: 4, mt: 6, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="md">
        <Stack component="nav" aria-label={t('landing.footer.legal')} direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          <Link href={href('/terms')}>{t('public.termsTitle')}</Link>
          <Link href={href('/privacy')}>{t('public.privacyTitle')}</Link>
          <Link href={href('/meta-deletion')}>{t('landing.footer.dataDeletion')}</Link>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('landing.footer.usOnly')}
        </Typography>
      </Container>
    </Box>
  );
}
