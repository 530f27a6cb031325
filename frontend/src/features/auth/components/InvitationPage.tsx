import { zodResolver } from '@hookform/resolvers/zod';
import { TEAM_MESSAGES, type InvitationPreviewDto } from '@brandloom/contracts';
import { Alert, Box, Button, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { useLogin, useRegister, useUser } from '../../../lib/auth';
import { useRichT, useT, type MessageKey } from '../../../lib/i18n/translate';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import { emailField, passwordField } from '../zodFields';
import { AuthCard } from './AuthCard';
import { ROLE_KEYS } from '../../../lib/roles';

const STATUS_MESSAGES: Partial<Record<InvitationPreviewDto['status'], MessageKey>> = {
  expired: 'invitation.expired',
  accepted: 'invitation.used',
  revoked: 'invitation.revoked',
};
/** The server's reasons for refusing an accept (its contract's words), as the screen says them. */
const BLOCKED_REASONS = new Map<string, MessageKey>([
  [TEAM_MESSAGES.alreadyMember, 'invitation.alreadyMember'],
  [TEAM_MESSAGES.ownerMustHandOver, 'invitation.ownerMustHandOver'],
]);

const signUpSchema = z.object({ username: z.string().trim(), password: passwordField });
const signInSchema = z.object({ email: emailField, password: passwordField });

function SignUpThroughInvitation({ token, invitation }: { token: string; invitation: InvitationPreviewDto }) {
  const register = useRegister();
  const navigate = useNavigate();
  const t = useT();
  const richT = useRichT();
  const { control, handleSubmit } = useForm<z.infer<typeof signUpSchema>>({ resolver: zodResolver(signUpSchema), defaultValues: { username: '', password: '' } });
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-label={t('auth.signUp.title')}
      onSubmit={handleSubmit(({ username, password }) => register.mutate(
          { email: invitation.email, password, username: username || undefined, invitationToken: token },
          { onSuccess: () => void navigate('/dashboard', { replace: true }) },
        ),
      )}
    >
      {register.isError && <Alert severity="error">{getErrorMessage(register.error, t('invitation.signUpFailed'))}</Alert>}
      <Typography variant="body2">
        {richT('invitation.accountEmail', { email: <strong key="email">{invitation.email}</strong> })}
      </Typography>
      <FormTextField control={control} name="username" label={t('common.username')} autoComplete="username" helperText={t('common.optional')} fullWidth />
      <FormTextField control={control} name="password" label={t('common.password')} type="password" autoComplete="new-password" fullWidth />
      <Button type="submit" variant="contained" size="large" loading={register.isPending}>
        {t('invitation.createAndJoin')}
      </Button>
    </Stack>
  );
}

function SignInThenAccept({ invitation }: { invitation: InvitationPreviewDto }) {
  const login = useLogin();
  const t = useT();
  const { control, handleSubmit } = useForm<z.infer<typeof signInSchema>>({ resolver: zodResolver(signInSchema), defaultValues: { email: invitation.email, password: '' } });
  return (
    <Stack component="form" spacing={2} noValidate aria-label={t('auth.signIn.submit')} onSubmit={handleSubmit((values) => login.mutate(values))}>
      {login.isError && <Alert severity="error">{getErrorMessage(login.error, t('auth.signIn.failed'))}</Alert>}
      <FormTextField control={control} name="email" label={t('common.email')} type="email" autoComplete="email" fullWidth />
      <FormTextField control={control} name="password" label={t('common.password')} type="password" autoComplete="current-password" fullWidth />
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        {t('auth.signIn.submit')}
      </Button>
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        {t('auth.signIn.forgot')}
      </Link>
    </Stack>
  );
}

function AcceptAsSignedIn({ token, invitation }: { token: string; invitation: InvitationPreviewDto }) {
  const accept = useAcceptInvitation(token);
  const t = useT();
  const effect = invitation.current;
  if (accept.isSuccess || effect?.already_member) return <Navigate to="/dashboard" replace />;
  const reason = effect?.blocked_reason ? BLOCKED_REASONS.get(effect.blocked_reason) : undefined;
  const blocked = effect && !effect.email_matches ? t('invitation.emailMismatch', { email: invitation.email }) : reason ? t(reason) : effect?.blocked_reason;
  return (
    <Stack spacing={2}>
      {accept.isError && <Alert severity="error">{getErrorMessage(accept.error, t('invitation.acceptFailed'))}</Alert>}
      {blocked ? (
        <Alert severity="warning">{blocked}</Alert>
      ) : (
        <>
          <Alert severity="info">{t('invitation.oneOrganization')}</Alert>
          {effect?.organization_deleted && effect.organization_name && (
            <Alert severity="warning">
              {t('invitation.deletesOrganization', { organization: effect.organization_name })}
            </Alert>
          )}
          <Button variant="contained" size="large" loading={accept.isPending} onClick={() => accept.mutate()}>
            {t('invitation.accept')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** /invitations/{token}: the mailed link. A new person signs up through it; an existing user signs in, then accepts. */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { data: user, isLoading } = useUser();
  const preview = useInvitationPreview(token);
  const [mode, setMode] = useState<'signup' | 'signin'>('signup');
  const t = useT();

  if (isLoading || preview.isPending) return <PageLoader />;
  if (preview.isError || !preview.data) {
    const gone = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <AuthCard title={t('invitation.title')} subtitle={t('invitation.subtitle')}>
        <Alert severity="error">{gone ? t('invitation.invalid') : getErrorMessage(preview.error, t('invitation.loadError'))}</Alert>
      </AuthCard>
    );
  }
  const invitation = preview.data;
  // Joined already (just now through this link, for instance): the invitation is used up, the user is in.
  if (user && invitation.current?.already_member) return <Navigate to="/dashboard" replace />;
  const title = t('invitation.join', { organization: invitation.organization_name });
  const role = t(ROLE_KEYS[invitation.role]);
  const subtitle = invitation.invited_by ? t('invitation.invitedBy', { name: invitation.invited_by, role }) : t('invitation.invited', { role });

  if (!invitation.valid) {
    const message = t(STATUS_MESSAGES[invitation.status] ?? 'invitation.invalid');
    return (
      <AuthCard title={title} subtitle={subtitle}>
        <Alert severity="error">{message}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      {user ? (
        <AcceptAsSignedIn token={token} invitation={invitation} />
      ) : (
        <Box>
          <Tabs value={mode} onChange={(_, value: 'signup' | 'signin') => setMode(value)} variant="fullWidth" aria-label={t('invitation.howToJoin')} sx={{ mb: 2 }}>
            <Tab value="signup" label={t('invitation.newHere')} />
            <Tab value="signin" label={t('invitation.haveAccount')} />
          </Tabs>
          {mode === 'signup' ? <SignUpThroughInvitation token={token} invitation={invitation} /> : <SignInThenAccept invitation={invitation} />}
        </Box>
      )}
    </AuthCard>
  );
}
