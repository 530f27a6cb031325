import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

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
  return (
    <div>
      <Typography variant="h4" component="h1">
        404 Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        The page you are looking for does not exist.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        Go home
      </Button>
    </div>
  );
}
