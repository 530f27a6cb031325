import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

export default function LandingPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', py: 8 }}>
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
          Brandloom
        </Typography>
        <Typography variant="h5" color="text.secondary" sx={{ mt: 2 }}>
          On-brand AI images for your whole marketing team, generated in seconds.
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button component={RouterLink} to="/signup" variant="contained" size="large">
            Get started
          </Button>
          <Button component={RouterLink} to="/signin" variant="outlined" size="large">
            Sign in
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
