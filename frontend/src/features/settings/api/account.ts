import {
  AVATAR_FIELD,
  LOGO_FIELD,
  type AccountDto,
  type ChangePasswordRequest,
  type CreateInvitationRequest,
  type DeleteAccountRequest,
  type InvitationDto,
  type OrganizationDto,
  type TeamMemberDto,
  type UpdateMemberRequest,
  type UpdateOrganizationRequest,
  type UpdateProfileRequest,
} from '@brandloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../../lib/api';
import { organizationQueryKey, useOrganizationId, userQueryKey, useUser } from '../../../lib/auth';

// Settings' reads and writes: the account (profile, password, deletion), the organization's
// details and logo, and the team (members and invitations).

export const ACCOUNT_URL = '/api/users/me';
export const INVITATIONS_URL = '/api/organization/invitations';
export const accountQueryKey = [ACCOUNT_URL] as const;
export const invitationsQueryKey = [INVITATIONS_URL] as const;

/** POSTs one file as multipart/form-data (the browser writes the boundary). */
async function uploadFile<T>(url: string, field: string, file: File): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  const res = await fetch(url, { method: 'POST', credentials: 'include', body: form });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText);
  return JSON.parse(text) as T;
}

export function useAccount() {
  const { data: user } = useUser();
  return useQuery({
    queryKey: [...accountQueryKey, user?.id ?? ''],
    queryFn: () => apiRequest<AccountDto>('GET', ACCOUNT_URL),
    enabled: !!user,
  });
}

/** After a change to the account: the settings form, the sidebar (avatar, name) and the team table. */
function useAccountSaved() {
  const queryClient = useQueryClient();
  return (account: AccountDto) => {
    queryClient.setQueryData([...accountQueryKey, account.id], account);
    queryClient.setQueryData(userQueryKey, (user: unknown) =>
      user && typeof user === 'object' ? { ...user, username: account.username, email: account.email, avatar_url: account.avatar_url } : user,
    );
    void queryClient.invalidateQueries({ queryKey: organizationQueryKey });
  };
}

export function useUpdateProfile() {
  const onSuccess = useAccountSaved();
  return useMutation({ mutationFn: (changes: UpdateProfileRequest) => apiRequest<AccountDto>('PATCH', ACCOUNT_URL, changes), onSuccess });
}

export function useUploadAvatar() {
  const onSuccess = useAccountSaved();
  return useMutation({ mutationFn: (file: File) => uploadFile<AccountDto>(`${ACCOUNT_URL}/avatar`, AVATAR_FIELD, file), onSuccess });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => apiRequest('POST', `${ACCOUNT_URL}/password`, input) });
}

/** DELETE /api/users/me; the session is gone with the account, so every cached read goes too. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountRequest) => apiRequest('DELETE', ACCOUNT_URL, input),
    onSuccess: () => {
      void navigate('/', { replace: true });
      queryClient.removeQueries();
      queryClient.setQueryData(userQueryKey, null);
    },
  });
}

function useOrganizationSaved() {
  const queryClient = useQueryClient();
  return (organization: OrganizationDto) => {
    queryClient.setQueryData(organizationQueryKey, (current: { organization: OrganizationDto } | null | undefined) =>
      current ? { ...current, organization } : current,
    );
  };
}

export function useUpdateOrganization() {
  const onSuccess = useOrganizationSaved();
  return useMutation({
    mutationFn: (changes: UpdateOrganizationRequest) => apiRequest<OrganizationDto>('PATCH', '/api/organization', changes),
    onSuccess,
  });
}

export function useUploadLogo() {
  const onSuccess = useOrganizationSaved();
  return useMutation({ mutationFn: (file: File) => uploadFile<OrganizationDto>('/api/organization/logo', LOGO_FIELD, file), onSuccess });
}

/** Pending (and expired) invitations; only owners and admins may list them. */
export function useInvitations(enabled: boolean) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: [...invitationsQueryKey, organizationId ?? ''],
    queryFn: () => apiRequest<InvitationDto[]>('GET', INVITATIONS_URL),
    enabled: enabled && !!organizationId,
  });
}

function useTeamChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    void queryClient.invalidateQueries({ queryKey: organizationQueryKey });
  };
}

export function useCreateInvitation() {
  const onSuccess = useTeamChanged();
  return useMutation({ mutationFn: (input: CreateInvitationRequest) => apiRequest<InvitationDto>('POST', INVITATIONS_URL, input), onSuccess });
}

export function useResendInvitation() {
  const onSuccess = useTeamChanged();
  return useMutation({ mutationFn: (id: string) => apiRequest<InvitationDto>('POST', `${INVITATIONS_URL}/${encodeURIComponent(id)}/resend`), onSuccess });
}

export function useRevokeInvitation() {
  const onSuccess = useTeamChanged();
  return useMutation({ mutationFn: (id: string) => apiRequest('DELETE', `${INVITATIONS_URL}/${encodeURIComponent(id)}`), onSuccess });
}

export function useUpdateMemberRole() {
  const onSuccess = useTeamChanged();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateMemberRequest) =>
      apiRequest<TeamMemberDto>('PATCH', `/api/organization/members/${encodeURIComponent(userId)}`, { role }),
    onSuccess,
  });
}

export function useRemoveMember() {
  const onSuccess = useTeamChanged();
  return useMutation({
    mutationFn: (userId: string) => apiRequest('DELETE', `/api/organization/members/${encodeURIComponent(userId)}`),
    onSuccess,
  });
}
