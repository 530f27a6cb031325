import { Box } from '@mui/material';
import { ErrorAlert } from '../../../components/light/Alert';
import { PlainButton } from '../../../components/light/controls';
import { TextLink } from '../../../components/light/TextLink';
import { LightTextField } from '../../../components/light/TextField';
import { getErrorMessage } from '../../../lib/api';
import { usePublicHref, useT } from '../../../lib/i18n/translate';
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

  const t = useT();
  const href = usePublicHref();
  if (login.signedIn) return null;

  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <GoogleButton label={t('auth.signIn.google')} />
      <Box
        component="form"
        // Sent before the page's script has run, the form posts: the password stays out of the address.
        method="post"
        noValidate
        onSubmit={handleSubmit(({ email, password }) => login.submit({ email: email.trim(), password }))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {login.error != null && <ErrorAlert>{getErrorMessage(login.error, t('auth.signIn.failed'))}</ErrorAlert>}
        <LightTextField {...field('email')} label={t('common.email')} type="email" autoComplete="email" />
        <LightTextField {...field('password')} label={t('common.password')} type="password" autoComplete="current-password" />
        <Box sx={{ textAlign: 'right', typography: 'body2' }}>
          <TextLink href="/forgot-password">{t('auth.signIn.forgot')}</TextLink>
        </Box>
        <PlainButton type="submit" variant="contained" fullWidth sx={submitButtonSx} loading={login.pending}>
          {t('auth.signIn.submit')}
        </PlainButton>
      </Box>
      <Box component="p" sx={{ typography: 'body2', textAlign: 'center', m: 0 }}>
        {t('auth.signIn.noAccount')} <TextLink href={href('/signup')}>{t('auth.signUp.submit')}</TextLink>
      </Box>
    </AuthCard>
  );
}
