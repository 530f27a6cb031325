import {
  AUTH_MESSAGES,
  canManageTeam,
  INVITATION_DEFAULT_ROLE,
  MEMBERSHIP_ROLES,
  ROLE_LABELS,
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
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { scrollShadowsSx } from '../../../components/scrollShadowsSx';
import { getErrorMessage } from '../../../lib/api';
import { useOrganization, useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useCreateInvitation, useInvitations, useRemoveMember, useResendInvitation, useRevokeInvitation, useUpdateMemberRole } from '../api/account';
import { useMyRole } from './OrganizationTab';
import { SettingsCard } from './SettingsCard';
import { formatDate } from '../../../lib/i18n/format';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const failed = (title: string) => (error: unknown) => toast({ title, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });

/** Roles the caller may hand out: only an owner makes an owner. */
const assignableRoles = (myRole: MembershipRole | null): readonly MembershipRole[] => (myRole === 'owner' ? MEMBERSHIP_ROLES : MEMBERSHIP_ROLES.filter((role) => role !== 'owner'));

function InviteDialog({ open, onClose, myRole }: { open: boolean; onClose: () => void; myRole: MembershipRole | null }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MembershipRole>(INVITATION_DEFAULT_ROLE);
  const [touched, setTouched] = useState(false);
  const invite = useCreateInvitation();
  const emailError = touched && !EMAIL.test(email.trim()) ? AUTH_MESSAGES.invalidEmail : undefined;
  const close = () => {
    setEmail('');
    setRole(INVITATION_DEFAULT_ROLE);
    setTouched(false);
    invite.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!EMAIL.test(email.trim())) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          toast({ title: 'Invitation sent', description: `We emailed an invitation to ${invitation.email}.` });
          close();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="invite-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="invite-title">Invite a team member</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>They get an email with a link that works once, for 7 days.</DialogContentText>
            {invite.isError && <Alert severity="error">{getErrorMessage(invite.error, 'Could not send the invitation. Please try again.')}</Alert>}
            <TextField label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} onBlur={() => setTouched(true)} error={!!emailError} helperText={emailError} autoComplete="off" fullWidth autoFocus />
            <TextField select label="Role" value={role} onChange={(event) => setRole(event.target.value as MembershipRole)} fullWidth>
              {assignableRoles(myRole).map((option) => (
                <MenuItem key={option} value={option}>
                  {ROLE_LABELS[option]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            Send invitation
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function MemberRow({ member, myRole, isMe, onRemove }: { member: TeamMemberDto; myRole: MembershipRole | null; isMe: boolean; onRemove: (member: TeamMemberDto) => void }) {
  const updateRole = useUpdateMemberRole();
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
          <span>
            {member.username}
            {isMe && ' (you)'}
          </span>
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
            slotProps={{ htmlInput: { 'aria-label': `Role of ${member.username}` } }}
            onChange={(event) =>
              updateRole.mutate(
                { userId: member.id, role: event.target.value as MembershipRole },
                { onSuccess: () => toast({ title: 'Role updated' }), onError: failed('Could not change the role') },
              )
            }
          >
            {assignableRoles(myRole).map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          ROLE_LABELS[member.role] ?? 'Member'
        )}
      </TableCell>
      <TableCell align="right">
        {editable && (
          <Button color="error" size="small" onClick={() => onRemove(member)}>
            Remove
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: TeamMemberDto | null; onClose: () => void }) {
  const remove = useRemoveMember();
  return (
    <ConfirmDialog
      open={!!member}
      title={`Remove ${member?.username ?? ''}?`}
      message="They lose access to this organization at once and are signed out of it."
      confirmLabel="Remove"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        member &&
        remove.mutate(member.id, {
          onSuccess: () => {
            toast({ title: 'Member removed' });
            onClose();
          },
          onError: failed('Could not remove the member'),
        })
      }
    />
  );
}

function Invitations() {
  const invitations = useInvitations(true);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  let body;
  if (invitations.isError) body = <Alert severity="error">{getErrorMessage(invitations.error, 'Could not load the invitations. Please try again.')}</Alert>;
  else if (!invitations.data) body = <Skeleton variant="rounded" height={80} data-testid="invitations-loading" />;
  else if (!invitations.data.length) body = <Typography variant="body2" color="text.secondary">No pending invitations.</Typography>;
  else
    body = (
      <TableContainer tabIndex={0} role="region" aria-label="Pending invitations table" sx={scrollShadowsSx}>
        <Table size="small" aria-label="Pending invitations">
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invitations.data.map((invitation: InvitationDto) => (
              <TableRow key={invitation.id} data-testid="invitation-row">
                <TableCell>{invitation.email}</TableCell>
                <TableCell>{ROLE_LABELS[invitation.role]}</TableCell>
                <TableCell>{invitation.status === 'expired' ? 'Expired' : `Expires ${formatDate(invitation.expires_at, { month: 'short', day: 'numeric', year: 'numeric' })}`}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(invitation.id, { onSuccess: () => toast({ title: 'Invitation resent' }), onError: failed('Could not resend the invitation') })}
                  >
                    Resend
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invitation.id, { onSuccess: () => toast({ title: 'Invitation revoked' }), onError: failed('Could not revoke the invitation') })}
                  >
                    Revoke
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return (
    <SettingsCard title="Pending invitations" description="Resend renews the link for another 7 days.">
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
  if (isError) return <Alert severity="error">{getErrorMessage(error, 'Could not load your team. Please try again.')}</Alert>;
  if (!data) return <Skeleton variant="rounded" height={240} data-testid="team-loading" />;
  const manage = canManageTeam(myRole);

  return (
    <Stack spacing={3}>
      <SettingsCard
        title="Team members"
        description={manage ? 'Owners and admins manage the team; only an owner makes or removes an owner.' : 'Only owners and admins can invite people or change roles.'}
      >
        {manage && (
          <Box>
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          </Box>
        )}
        <Alert severity="info">People belong to one organization at a time: someone who already has an account moves into yours when they accept.</Alert>
        <TableContainer tabIndex={0} role="region" aria-label="Team members table" sx={scrollShadowsSx}>
          <Table aria-label="Team members">
            <TableHead>
              <TableRow>
                <TableCell>User</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.members.map((member) => (
                <MemberRow key={member.id} member={member} myRole={myRole} isMe={member.id === user?.id} onRemove={setRemoving} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </SettingsCard>
      {manage && <Invitations />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} myRole={myRole} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
