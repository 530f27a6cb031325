import { Box } from '@mui/material';
import { ErrorAlert } from '../../../components/light/Alert';
import { PlainButton } from '../../../components/light/controls';
import { TextLink } from '../../../components/light/TextLink';
import { LightTextField } from '../../../components/light/TextField';
import { getErrorMessage } from '../../../lib/api';
import type { RegisterInput } from '../../../lib/auth';
import { useSessionRequest } from '../hooks/useSessionRequest';
import { useSimpleForm } from '../hooks/useSimpleForm';
import { checkEmail, checkPassword } from '../validation';
import { AuthCard, submitButtonSx } from './AuthCard';
import { GoogleButton } from './GoogleButton';

/** /signup: pre-rendered at build time (src/public) and hydrated; the SPA routes the same component. */
export default function SignUpPage() {
  const signUp = useSessionRequest<RegisterInput>('/api/auth/register');
  const { field, handleSubmit } = useSimpleForm({ username: '', email: '', password: '' }, { email: checkEmail, password: checkPassword });

  if (signUp.signedIn) return null;

  return (
    <AuthCard title="Create your account" subtitle="Start generating on-brand images in minutes">
      <GoogleButton label="Sign up with Google" />
      <Box
        component="form"
        // Sent before the page's script has run, the form posts: the password stays out of the address.
        method="post"
        noValidate
        // A blank username is left out: the server then makes one up.
        onSubmit={handleSubmit(({ username, email, password }) => signUp.submit({ email: email.trim(), password, username: username.trim() || undefined }))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {signUp.error != null && <ErrorAlert>{getErrorMessage(signUp.error, 'Could not create your account. Please try again.')}</ErrorAlert>}
        <LightTextField {...field('username')} label="Username" autoComplete="username" helperText="Optional" />
        <LightTextField {...field('email')} label="Email" type="email" autoComplete="email" />
        <LightTextField {...field('password')} label="Password" type="password" autoComplete="new-password" />
        <PlainButton type="submit" variant="contained" fullWidth sx={submitButtonSx} loading={signUp.pending}>
          Create account
        </PlainButton>
      </Box>
      <Box component="p" sx={{ typography: 'body2', textAlign: 'center', m: 0 }}>
        Already have an account? <TextLink href="/signin">Sign in</TextLink>
      </Box>
    </AuthCard>
  );
}
