import { GOOGLE_SIGN_IN_OFF_ATTRIBUTE } from '@brandloom/contracts';
import { Box } from '@mui/material';
import { LinkButton } from '../../../components/light/controls';
import { svgIcon } from '../../../components/light/svgIcon';
import { TextDivider } from '../../../components/light/TextDivider';
import { useAuthProviders } from '../api/useAuthProviders';
import { largeButtonSx } from './AuthCard';

const GOOGLE_AUTH_URL = '/api/auth/google';
// @mui/icons-material's Google icon.
const GoogleIcon = svgIcon(
  'M12.545,10.239v3.821h5.445c-0.712,2.315-2.647,3.972-5.445,3.972c-3.332,0-6.033-2.701-6.033-6.032s2.701-6.032,6.033-6.032c1.498,0,2.866,0.549,3.921,1.453l2.814-2.814C17.503,2.988,15.139,2,12.545,2C7.021,2,2.543,6.477,2.543,12s4.478,10,10.002,10c8.396,0,10.249-7.85,9.426-11.748L12.545,10.239z',
);

/**
 * Google sign-in by full browser navigation, and the 'or' rule under it; nothing at all when the
 * server has no Google client. A pre-rendered page cannot know that at build time: the server marks
 * its <html> then, and this block is hidden by that mark before any script runs.
 */
export function GoogleButton({ label }: { label: string }) {
  const providers = useAuthProviders();
  if (providers?.google === false) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, [`html[${GOOGLE_SIGN_IN_OFF_ATTRIBUTE}] &`]: { display: 'none' } }}>
      <LinkButton href={GOOGLE_AUTH_URL} variant="outlined" fullWidth sx={largeButtonSx}>
        <GoogleIcon size={22} />
        {label}
      </LinkButton>
      <TextDivider>or</TextDivider>
    </Box>
  );
}
