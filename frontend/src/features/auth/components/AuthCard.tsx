import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** The centred card that frames the sign-in and sign-up screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={3}>
            <Box sx={{ textAlign: 'center' }}>
              <Link component={RouterLink} to="/" underline="none" variant="h5" sx={{ fontWeight: 700 }}>
                Brandloom
              </Link>
              <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{subtitle}</Typography>
            </Box>
            {children}
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
              By continuing you agree to our{' '}
              <Link component={RouterLink} to="/terms">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link component={RouterLink} to="/privacy">
                Privacy Policy
              </Link>
              .
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
