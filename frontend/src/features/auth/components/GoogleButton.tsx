import { Box } from '@mui/material';
import { LinkButton, PlainButton } from '../../../components/light/controls';
import { svgIcon } from '../../../components/light/svgIcon';
import { useAuthProviders } from '../api/useAuthProviders';
import { largeButtonSx } from './AuthCard';

const GOOGLE_AUTH_URL = '/api/auth/google';
// @mui/icons-material's Google icon.
const GoogleIcon = svgIcon(
  'M12.545,10.239v3.821h5.445c-0.712,2.315-2.647,3.972-5.445,3.972c-3.332,0-6.033-2.701-6.033-6.032s2.701-6.032,6.033-6.032c1.498,0,2.866,0.549,3.921,1.453l2.814-2.814C17.503,2.988,15.139,2,12.545,2C7.021,2,2.543,6.477,2.543,12s4.478,10,10.002,10c8.396,0,10.249-7.85,9.426-11.748L12.545,10.239z',
);

/** Starts Google sign-in by full browser navigation; disabled when the server has no Google client. */
export function GoogleButton({ label }: { label: string }) {
  const providers = useAuthProviders();
  const notConfigured = providers?.google === false;
  const icon = <GoogleIcon size={22} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center' }}>
      {notConfigured ? (
        <PlainButton variant="outlined" fullWidth disabled sx={largeButtonSx}>
          {icon}
          {label}
        </PlainButton>
      ) : (
        <LinkButton href={GOOGLE_AUTH_URL} variant="outlined" fullWidth sx={largeButtonSx}>
          {icon}
          {label}
        </LinkButton>
      )}
      {notConfigured && (
        <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', m: 0 }}>
          Google sign-in is not configured
        </Box>
      )}
    </Box>
  );
}
