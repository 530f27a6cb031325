import { type ApiKeyDto, type CreateApiKeyRequest, type CreatedApiKeyDto } from '@brandloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

// Settings → API access: the organization's keys to the public API (owners and admins only).

export const API_KEYS_URL = '/api/api-keys';
export const apiKeysQueryKey = [API_KEYS_URL] as const;

export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: () => apiRequest<ApiKeyDto[]>('GET', API_KEYS_URL), enabled });
}

function useKeysChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
}

export function useCreateApiKey() {
  const onSuccess = useKeysChanged();
  return useMutation({ mutationFn: (input: CreateApiKeyRequest) => apiRequest<CreatedApiKeyDto>('POST', API_KEYS_URL, input), onSuccess });
}

export function useRevokeApiKey() {
  const onSuccess = useKeysChanged();
  return useMutation({ mutationFn: (id: string) => apiRequest('DELETE', `${API_KEYS_URL}/${encodeURIComponent(id)}`), onSuccess });
}
