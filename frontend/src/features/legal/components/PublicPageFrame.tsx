import { Box, Container, Link, Stack, Typography } from '@mui/material';

/** The legal pages' slim header: the brand home link, the blog and sign in. */
export function PublicPageHeader() {
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="md" sx={{ display: 'flex', alignItems: 'center', height: 56, gap: 3 }}>
        <Link href="/" underline="none" sx={{ fontWeight: 800, fontSize: 20, mr: 'auto' }}>
          Brandloom
        </Link>
        <Link href="/blog">Blog</Link>
        <Link href="/signin">Sign in</Link>
      </Container>
    </Box>
  );
}

export function PublicPageFooter() {
  return (
    <Box component="footer" sx={{ py: 4, mt: 6, borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="md">
        <Stack component="nav" aria-label="Legal" direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          <Link href="/terms">Terms of Service</Link>
          <Link href="/privacy">Privacy Policy</Link>
          <Link href="/meta-deletion">Data deletion</Link>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Brandloom is offered for use in the United States only.
        </Typography>
      </Container>
    </Box>
  );
}
