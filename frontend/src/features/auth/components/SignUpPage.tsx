import { Box } from '@mui/material';
import { ErrorAlert } from '../../../components/light/Alert';
import { PlainButton } from '../../../components/light/controls';
import { TextLink } from '../../../components/light/TextLink';
import { LightTextField } from '../../../components/light/TextField';
import { getErrorMessage } from '../../../lib/api';
import { usePublicHref, useT } from '../../../lib/i18n/translate';
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

  const t = useT();
  const href = usePublicHref();
  if (signUp.signedIn) return null;

  return (
    <AuthCard title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle')}>
      <GoogleButton label={t('auth.signUp.google')} />
      <Box
        component="form"
        // Sent before the page's script has run, the form posts: the password stays out of the address.
        method="post"
        noValidate
        // A blank username is left out: the server then makes one up.
        onSubmit={handleSubmit(({ username, email, password }) => signUp.submit({ email: email.trim(), password, username: username.trim() || undefined }))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {signUp.error != null && <ErrorAlert>{getErrorMessage(signUp.error, t('auth.signUp.failed'))}</ErrorAlert>}
        <LightTextField {...field('username')} label={t('common.username')} autoComplete="username" helperText={t('common.optional')} />
        <LightTextField {...field('email')} label={t('common.email')} type="email" autoComplete="email" />
        <LightTextField {...field('password')} label={t('common.password')} type="password" autoComplete="new-password" />
        <PlainButton type="submit" variant="contained" fullWidth sx={submitButtonSx} loading={signUp.pending}>
          {t('auth.signUp.create')}
        </PlainButton>
      </Box>
      <Box component="p" sx={{ typography: 'body2', textAlign: 'center', m: 0 }}>
        {t('auth.signUp.haveAccount')} <TextLink href={href('/signin')}>{t('auth.signIn.submit')}</TextLink>
      </Box>
    </AuthCard>
  );
}
