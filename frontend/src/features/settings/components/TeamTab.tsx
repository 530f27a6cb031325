import {
  canManageTeam,
  INVITATION_DEFAULT_ROLE,
  MEMBERSHIP_ROLES,
  type InvitationDto,
  type MembershipRole,
  type TeamMemberDto,
} from '@brandloom/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Alert,
  Avatar,
  Box,
  Button,
  MenuItem,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization, useUser } from '../../../lib/auth';
import { failureToast, toast } from '../../../lib/toast';
import { FormDialog } from '../../../components/FormDialog';
import { useCreateInvitation, useInvitations, useRemoveMember, useResendInvitation, useRevokeInvitation, useUpdateMemberRole } from '../api/account';
import { useMyRole } from './OrganizationTab';
import { ConfirmRemovalDialog } from './ConfirmRemovalDialog';
import { SettingsCard } from './SettingsCard';
import { SettingsTable } from './SettingsTable';
import { formatDate } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { ROLE_KEYS } from '../../../lib/roles';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;


/** Roles the caller may hand out: only an owner makes an owner. */
const assignableRoles = (myRole: MembershipRole | null): readonly MembershipRole[] => (myRole === 'owner' ? MEMBERSHIP_ROLES : MEMBERSHIP_ROLES.filter((role) => role !== 'owner'));

function InviteDialog({ open, onClose, myRole }: { open: boolean; onClose: () => void; myRole: MembershipRole | null }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MembershipRole>(INVITATION_DEFAULT_ROLE);
  const [touched, setTouched] = useState(false);
  const invite = useCreateInvitation();
  const t = useT();
  const emailError = touched && !EMAIL.test(email.trim()) ? t('auth.emailInvalid') : undefined;
  const close = () => {
    setEmail('');
    setRole(INVITATION_DEFAULT_ROLE);
    setTouched(false);
    invite.reset();
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (!EMAIL.test(email.trim())) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          toast({ title: translate('settings.team.invitationSent'), description: translate('settings.team.invitationSentText', { email: invitation.email }) });
          close();
        },
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title={t('settings.team.inviteTitle')}
      intro={t('settings.team.inviteText')}
      error={invite.isError ? getErrorMessage(invite.error, t('settings.team.inviteError')) : undefined}
      submitLabel={t('settings.team.sendInvitation')}
      pending={invite.isPending}
      maxWidth="xs"
      onClose={close}
      onSubmit={submit}
    >
      <TextField label={t('common.email')} type="email" value={email} onChange={(event) => setEmail(event.target.value)} onBlur={() => setTouched(true)} error={!!emailError} helperText={emailError} autoComplete="off" fullWidth autoFocus />
      <TextField select label={t('settings.team.role')} value={role} onChange={(event) => setRole(event.target.value as MembershipRole)} fullWidth>
        {assignableRoles(myRole).map((option) => (
          <MenuItem key={option} value={option}>
            {t(ROLE_KEYS[option])}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

function MemberRow({ member, myRole, isMe, onRemove }: { member: TeamMemberDto; myRole: MembershipRole | null; isMe: boolean; onRemove: (member: TeamMemberDto) => void }) {
  const updateRole = useUpdateMemberRole();
  const t = useT();
  const manage = canManageTeam(myRole);
  // Only an owner changes an owner's role; nobody changes their own here.
  const editable = manage && !isMe && (member.role !== 'owner' || myRole === 'owner');
  return (
    <TableRow data-testid="member-row">
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={member.avatar_url ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {member.username.charAt(0).toUpperCase()}
          </Avatar>
          <span>{isMe ? t('settings.team.you', { name: member.username }) : member.username}</span>
        </Stack>
      </TableCell>
      <TableCell>{member.email}</TableCell>
      <TableCell>
        {editable ? (
          <TextField
            select
            size="small"
            value={member.role}
            disabled={updateRole.isPending}
            slotProps={{ htmlInput: { 'aria-label': t('settings.team.roleOf', { name: member.username }) } }}
            onChange={(event) =>
              updateRole.mutate(
                { userId: member.id, role: event.target.value as MembershipRole },
                { onSuccess: () => toast({ title: translate('settings.team.roleUpdated') }), onError: failureToast('settings.team.roleFailed') },
              )
            }
          >
            {assignableRoles(myRole).map((role) => (
              <MenuItem key={role} value={role}>
                {t(ROLE_KEYS[role])}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          t(ROLE_KEYS[member.role] ?? 'settings.role.member')
        )}
      </TableCell>
      <TableCell align="right">
        {editable && (
          <Button color="error" size="small" onClick={() => onRemove(member)}>
            {t('settings.team.remove')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: TeamMemberDto | null; onClose: () => void }) {
  const remove = useRemoveMember();
  const t = useT();
  return (
    <ConfirmRemovalDialog
      item={member}
      removal={remove}
      title={t('settings.team.removeTitle', { name: member?.username ?? '' })}
      message={t('settings.team.removeText')}
      confirmLabel={t('settings.team.remove')}
      removedToast="settings.team.memberRemoved"
      failedToast="settings.team.removeFailed"
      onClose={onClose}
    />
  );
}

function Invitations() {
  const invitations = useInvitations(true);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const t = useT();
  let body;
  if (invitations.isError) body = <Alert severity="error">{getErrorMessage(invitations.error, t('settings.team.invitationsLoadError'))}</Alert>;
  else if (!invitations.data) body = <Skeleton variant="rounded" height={80} data-testid="invitations-loading" />;
  else if (!invitations.data.length) body = <Typography variant="body2" color="text.secondary">{t('settings.team.noInvitations')}</Typography>;
  else
    body = (
      <SettingsTable
        regionLabel={t('settings.team.invitationsTable')}
        label={t('settings.team.pendingInvitations')}
        columns={[t('common.email'), t('settings.team.role'), t('settings.team.status')]}
        size="small"
      >
        {invitations.data.map((invitation: InvitationDto) => (
          <TableRow key={invitation.id} data-testid="invitation-row">
            <TableCell>{invitation.email}</TableCell>
            <TableCell>{t(ROLE_KEYS[invitation.role])}</TableCell>
            <TableCell>{invitation.status === 'expired' ? t('settings.team.expired') : t('settings.team.expires', { date: formatDate(invitation.expires_at, { month: 'short', day: 'numeric', year: 'numeric' }) })}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button
                size="small"
                disabled={resend.isPending}
                onClick={() => resend.mutate(invitation.id, { onSuccess: () => toast({ title: translate('settings.team.invitationResent') }), onError: failureToast('settings.team.resendFailed') })}
              >
                {t('settings.team.resend')}
              </Button>
              <Button
                size="small"
                color="error"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation.id, { onSuccess: () => toast({ title: translate('settings.team.invitationRevoked') }), onError: failureToast('settings.team.revokeFailed') })}
              >
                {t('settings.team.revoke')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </SettingsTable>
    );
  return (
    <SettingsCard title={t('settings.team.pendingInvitations')} description={t('settings.team.invitationsHint')}>
      {body}
    </SettingsCard>
  );
}

export function TeamTab() {
  const { data, isError, error } = useOrganization();
  const { data: user } = useUser();
  const myRole = useMyRole(data);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamMemberDto | null>(null);
  const t = useT();
  if (isError) return <Alert severity="error">{getErrorMessage(error, t('settings.team.loadError'))}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={240} data-testid="team-loading" />;
  const manage = canManageTeam(myRole);

  return (
    <Stack spacing={3}>
      <SettingsCard
        title={t('settings.team.members')}
        description={manage ? t('settings.team.managersHint') : t('settings.team.membersHint')}
      >
        {manage && (
          <Box>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              {t('settings.team.invite')}
            </Button>
          </Box>
        )}
        <Alert severity="info">{t('settings.team.oneOrganization')}</Alert>
        <SettingsTable regionLabel={t('settings.team.membersTable')} label={t('settings.team.members')} columns={[t('settings.team.user'), t('common.email'), t('settings.team.role')]}>
          {data.members.map((member) => (
            <MemberRow key={member.id} member={member} myRole={myRole} isMe={member.id === user?.id} onRemove={setRemoving} />
          ))}
        </SettingsTable>
      </SettingsCard>
      {manage && <Invitations />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} myRole={myRole} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
