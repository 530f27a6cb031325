import { zodResolver } from '@hookform/resolvers/zod';
import { ROLE_LABELS, TEAM_MESSAGES, type InvitationPreviewDto } from '@brandloom/contracts';
import { Alert, Box, Button, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError, getErrorMessage } from '../../../lib/api';
import { useLogin, useRegister, useUser } from '../../../lib/auth';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import { emailField, passwordField } from '../zodFields';
import { AuthCard } from './AuthCard';

const STATUS_MESSAGES = {
  expired: TEAM_MESSAGES.invitationExpired,
  accepted: TEAM_MESSAGES.invitationUsed,
  revoked: TEAM_MESSAGES.invitationRevoked,
} as const;

const signUpSchema = z.object({ username: z.string().trim(), password: passwordField });
const signInSchema = z.object({ email: emailField, password: passwordField });

function SignUpThroughInvitation({ token, invitation }: { token: string; invitation: InvitationPreviewDto }) {
  const register = useRegister();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<z.infer<typeof signUpSchema>>({ resolver: zodResolver(signUpSchema), defaultValues: { username: '', password: '' } });
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-label="Create your account"
      onSubmit={handleSubmit(({ username, password }) => register.mutate(
          { email: invitation.email, password, username: username || undefined, invitationToken: token },
          { onSuccess: () => void navigate('/dashboard', { replace: true }) },
        ),
      )}
    >
      {register.isError && <Alert severity="error">{getErrorMessage(register.error, 'Could not create your account. Please try again.')}</Alert>}
      <Typography variant="body2">
        Your account will use <strong>{invitation.email}</strong>.
      </Typography>
      <FormTextField control={control} name="username" label="Username" autoComplete="username" helperText="Optional" fullWidth />
      <FormTextField control={control} name="password" label="Password" type="password" autoComplete="new-password" fullWidth />
      <Button type="submit" variant="contained" size="large" loading={register.isPending}>
        Create account and join
      </Button>
    </Stack>
  );
}

function SignInThenAccept({ invitation }: { invitation: InvitationPreviewDto }) {
  const login = useLogin();
  const { control, handleSubmit } = useForm<z.infer<typeof signInSchema>>({ resolver: zodResolver(signInSchema), defaultValues: { email: invitation.email, password: '' } });
  return (
    <Stack component="form" spacing={2} noValidate aria-label="Sign in" onSubmit={handleSubmit((values) => login.mutate(values))}>
      {login.isError && <Alert severity="error">{getErrorMessage(login.error, 'Invalid email or password')}</Alert>}
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" fullWidth />
      <FormTextField control={control} name="password" label="Password" type="password" autoComplete="current-password" fullWidth />
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        Sign in
      </Button>
      <Link component={RouterLink} to="/forgot-password" variant="body2">
        Forgot password?
      </Link>
    </Stack>
  );
}

function AcceptAsSignedIn({ token, invitation }: { token: string; invitation: InvitationPreviewDto }) {
  const accept = useAcceptInvitation(token);
  const effect = invitation.current;
  if (accept.isSuccess || effect?.already_member) return <Navigate to="/dashboard" replace />;
  const blocked = effect && !effect.email_matches ? TEAM_MESSAGES.invitationEmailMismatch(invitation.email) : effect?.blocked_reason;
  return (
    <Stack spacing={2}>
      {accept.isError && <Alert severity="error">{getErrorMessage(accept.error, 'Could not accept the invitation. Please try again.')}</Alert>}
      {blocked ? (
        <Alert severity="warning">{blocked}</Alert>
      ) : (
        <>
          <Alert severity="info">{TEAM_MESSAGES.oneOrganization}</Alert>
          {effect?.organization_deleted && effect.organization_name && (
            <Alert severity="warning">
              You are the only member of {effect.organization_name}: it is deleted with its assets, brand profiles and credits when you join.
            </Alert>
          )}
          <Button variant="contained" size="large" loading={accept.isPending} onClick={() => accept.mutate()}>
            Accept invitation
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

  if (isLoading || preview.isPending) return <PageLoader />;
  if (preview.isError || !preview.data) {
    const gone = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <AuthCard title="Invitation" subtitle="Join your team on Brandloom">
        <Alert severity="error">{gone ? TEAM_MESSAGES.invitationInvalid : getErrorMessage(preview.error, 'Could not load the invitation. Please try again.')}</Alert>
      </AuthCard>
    );
  }
  const invitation = preview.data;
  // Joined already (just now through this link, for instance): the invitation is used up, the user is in.
  if (user && invitation.current?.already_member) return <Navigate to="/dashboard" replace />;
  const title = `Join ${invitation.organization_name}`;
  const subtitle = `${invitation.invited_by ? `${invitation.invited_by} invited you` : 'You are invited'} as ${ROLE_LABELS[invitation.role]}`;

  if (!invitation.valid) {
    const message = STATUS_MESSAGES[invitation.status as keyof typeof STATUS_MESSAGES] ?? TEAM_MESSAGES.invitationInvalid;
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
          <Tabs value={mode} onChange={(_, value: 'signup' | 'signin') => setMode(value)} variant="fullWidth" aria-label="How to join" sx={{ mb: 2 }}>
            <Tab value="signup" label="I'm new here" />
            <Tab value="signin" label="I have an account" />
          </Tabs>
          {mode === 'signup' ? <SignUpThroughInvitation token={token} invitation={invitation} /> : <SignInThenAccept invitation={invitation} />}
        </Box>
      )}
    </AuthCard>
  );
}
