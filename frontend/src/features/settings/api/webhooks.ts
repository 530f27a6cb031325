import type { CreatedWebhookEndpointDto, CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest, WebhookDeliveryDto, WebhookEndpointDto } from '@brandloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { useOrganizationId } from '../../../lib/auth';

// Settings → Webhooks: the organization's endpoints and each one's delivery log (owners and admins).

export const WEBHOOKS_URL = '/api/webhooks';
export const webhooksQueryKey = [WEBHOOKS_URL] as const;
const endpointUrl = (id: string) => `${WEBHOOKS_URL}/${encodeURIComponent(id)}`;
const deliveriesQueryKey = (id: string) => [WEBHOOKS_URL, id, 'deliveries'] as const;

/** How often an open delivery log is read again while an attempt is still on its way. */
const LOG_REFRESH_MS = 2000;

export function useWebhookEndpoints(enabled: boolean) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: [...webhooksQueryKey, organizationId ?? ''],
    queryFn: () => apiRequest<WebhookEndpointDto[]>('GET', WEBHOOKS_URL),
    enabled: enabled && !!organizationId,
  });
}

function useEndpointsChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
}

export function useCreateWebhookEndpoint() {
  const onSuccess = useEndpointsChanged();
  return useMutation({ mutationFn: (input: CreateWebhookEndpointRequest) => apiRequest<CreatedWebhookEndpointDto>('POST', WEBHOOKS_URL, input), onSuccess });
}

export function useUpdateWebhookEndpoint() {
  const onSuccess = useEndpointsChanged();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & UpdateWebhookEndpointRequest) => apiRequest<WebhookEndpointDto>('PATCH', endpointUrl(id), changes),
    onSuccess,
  });
}

export function useDeleteWebhookEndpoint() {
  const onSuccess = useEndpointsChanged();
  return useMutation({ mutationFn: (id: string) => apiRequest('DELETE', endpointUrl(id)), onSuccess });
}

/** The endpoint's attempts, newest first; read again every 2 s while one is pending or sending. */
export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesQueryKey(endpointId),
    queryFn: () => apiRequest<WebhookDeliveryDto[]>('GET', `${endpointUrl(endpointId)}/deliveries`),
    enabled,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending' || d.status === 'sending') ? LOG_REFRESH_MS : false),
  });
}

function useDeliveriesChanged() {
  const queryClient = useQueryClient();
  return (endpointId: string) => {
    void queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) });
    void queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
  };
}

export function useSendTestEvent() {
  const changed = useDeliveriesChanged();
  return useMutation({
    mutationFn: (endpointId: string) => apiRequest<WebhookDeliveryDto>('POST', `${endpointUrl(endpointId)}/test`),
    onSuccess: (_, endpointId) => changed(endpointId),
  });
}

export function useResendDelivery() {
  const changed = useDeliveriesChanged();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      apiRequest<WebhookDeliveryDto>('POST', `${endpointUrl(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    onSuccess: (_, { endpointId }) => changed(endpointId),
  });
}
