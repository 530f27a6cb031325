import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OrganizationDto, OrganizationResponse, TeamMemberDto, UserDto } from '@brandloom/contracts';
import { apiRequest, getQueryFn } from './api';
import { mayHaveSession } from './sessionHint';

// Session state is shared by the route guard, the shell and every feature, so it lives here
// rather than in a feature (features never import each other).

export type User = UserDto;
export type Organization = OrganizationDto;
export type OrganizationMember = TeamMemberDto;
export type { OrganizationResponse };

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  username?: string;
  /** Signing up through an invitation joins the inviting organization (no new organization). */
  invitationToken?: string;
}

export const userQueryKey = ['/api/auth/user'];
export const organizationQueryKey = ['/api/organization'];

const askSession = getQueryFn<User>({ on401: 'returnNull' });

/** The signed-in user, or null for an anonymous visitor (401, or no session hint: nothing to ask). */
export function useUser() {
  return useQuery({
    queryKey: userQueryKey,
    queryFn: (context) => (mayHaveSession() ? askSession(context) : null),
  });
}

/**
 * The signed-in user as far as this page already knows, without asking: for code that runs on
 * every page (public ones included) and must not make the session request itself.
 */
export function useKnownUser(): User | null | undefined {
  return useQuery({ queryKey: userQueryKey, queryFn: getQueryFn<User>({ on401: 'returnNull' }), enabled: false }).data;
}

/** The user's organization, or null; fetched only once a user exists. */
export function useOrganization() {
  const { data: user } = useUser();
  return useQuery({
    queryKey: organizationQueryKey,
    queryFn: getQueryFn<OrganizationResponse>({ on401: 'returnNull' }),
    enabled: !!user,
  });
}

/**
 * The id of the signed-in user's organization once it is known, else undefined.
 * Organization-scoped reads wait for it (`enabled: !!organizationId`).
 */
export function useOrganizationId(): string | undefined {
  return useOrganization().data?.organization?.id;
}

/** Stores the user a login or registration returned, then refetches the session. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(userQueryKey, user);
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    void queryClient.invalidateQueries({ queryKey: organizationQueryKey });
  };
}

export function useLogin() {
  const onSuccess = useStartSession();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>('POST', '/api/auth/login', input),
    onSuccess,
  });
}

export function useRegister() {
  const onSuccess = useStartSession();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<User>('POST', '/api/auth/register', input),
    onSuccess,
  });
}

/** POST /api/auth/reset-password: the new password signs the user in (every other session ends). */
export function useResetPassword() {
  const onSuccess = useStartSession();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiRequest<User>('POST', '/api/auth/reset-password', input),
    onSuccess,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      void navigate('/signin');
      // Drop every cached read so the next account never sees this one's data.
      queryClient.removeQueries();
      queryClient.setQueryData(userQueryKey, null);
      queryClient.setQueryData(organizationQueryKey, null);
    },
  });
}
