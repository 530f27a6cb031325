import type { AcceptInvitationResponse, InvitationPreviewDto } from '@brandloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { organizationQueryKey, userQueryKey, useUser } from '../../../lib/auth';

const invitationUrl = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/{token}: who invites whom; asked again once someone signs in (what accepting does to them). */
export function useInvitationPreview(token: string) {
  const { data: user, isLoading } = useUser();
  return useQuery({
    queryKey: [invitationUrl(token), user?.id ?? ''],
    queryFn: () => apiRequest<InvitationPreviewDto>('GET', invitationUrl(token)),
    enabled: !!token && !isLoading,
  });
}

/** POST /api/invitations/{token}/accept: the user moves into the inviting organization; every organization read starts over. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AcceptInvitationResponse>('POST', `${invitationUrl(token)}/accept`),
    onSuccess: () => {
      const user = queryClient.getQueryData(userQueryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
      queryClient.setQueryData(userQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: organizationQueryKey });
    },
  });
}
