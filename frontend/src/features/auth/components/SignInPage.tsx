import { Box } from '@mui/material';
import { ErrorAlert } from '../../../components/light/Alert';
import { PlainButton } from '../../../components/light/controls';
import { TextLink } from '../../../components/light/TextLink';
import { LightTextField } from '../../../components/light/TextField';
import { getErrorMessage } from '../../../lib/api';
import type { LoginInput } from '../../../lib/auth';
import { useSessionRequest } from '../hooks/useSessionRequest';
import { useSimpleForm } from '../hooks/useSimpleForm';
import { checkEmail, checkPassword } from '../validation';
import { AuthCard, submitButtonSx } from './AuthCard';
import { GoogleButton } from './GoogleButton';

/** /signin: pre-rendered at build time (src/public) and hydrated; the SPA routes the same component. */
export default function SignInPage() {
  const login = useSessionRequest<LoginInput>('/api/auth/login');
  const { field, handleSubmit } = useSimpleForm({ email: '', password: '' }, { email: checkEmail, password: checkPassword });

  if (login.signedIn) return null;

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Brandloom account">
      <GoogleButton label="Sign in with Google" />
      <Box
        component="form"
        // Sent before the page's script has run, the form posts: the password stays out of the address.
        method="post"
        noValidate
        onSubmit={handleSubmit(({ email, password }) => login.submit({ email: email.trim(), password }))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {login.error != null && <ErrorAlert>{getErrorMessage(login.error, 'Invalid email or password')}</ErrorAlert>}
        <LightTextField {...field('email')} label="Email" type="email" autoComplete="email" />
        <LightTextField {...field('password')} label="Password" type="password" autoComplete="current-password" />
        <Box sx={{ textAlign: 'right', typography: 'body2' }}>
          <TextLink href="/forgot-password">Forgot password?</TextLink>
        </Box>
        <PlainButton type="submit" variant="contained" fullWidth sx={submitButtonSx} loading={login.pending}>
          Sign in
        </PlainButton>
      </Box>
      <Box component="p" sx={{ typography: 'body2', textAlign: 'center', m: 0 }}>
        Don&apos;t have an account? <TextLink href="/signup">Sign up</TextLink>
      </Box>
    </AuthCard>
  );
}
