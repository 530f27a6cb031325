import GoogleIcon from '@mui/icons-material/Google';
import { Button, Stack, Typography } from '@mui/material';
import { useAuthProviders } from '../api/useAuthProviders';

const GOOGLE_AUTH_URL = '/api/auth/google';

/** Starts Google sign-in by full browser navigation; disabled when the server has no Google client. */
export function GoogleButton({ label }: { label: string }) {
  const { data: providers } = useAuthProviders();
  const notConfigured = providers?.google === false;
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<GoogleIcon />}
        href={notConfigured ? undefined : GOOGLE_AUTH_URL}
        disabled={notConfigured}
      >
        {label}
      </Button>
      {notConfigured && (
        <Typography variant="body2" color="text.secondary">
          Google sign-in is not configured
        </Typography>
      )}
    </Stack>
  );
}
