import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useT } from '../lib/i18n/translate';

/** Any unknown address: inside the public pages' header and footer (routes.tsx), with a way home. */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 2 }}>
      <NotFoundMessage />
    </Box>
  );
}

/** The not-found message alone, for pages inside the signed-in shell (which has its own main landmark). */
export function NotFoundMessage() {
  const t = useT();
  return (
    <div>
      <Typography variant="h4" component="h1">
        {t('app.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('app.notFound.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        {t('app.notFound.home')}
      </Button>
    </div>
  );
}
