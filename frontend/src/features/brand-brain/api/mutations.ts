import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import type { BrandData, BrandExtractionResponse, BrandProfileDto, CreateBrandProfileRequest } from '@brandloom/contracts';
import { BRAND_PROFILES_URL } from '../../../lib/brandProfiles';
import { isBrandProfilesQueryKey } from './queryKeys';

/** Refreshes every cached read of /api/brand-profiles (list, details, other screens' lists). */
function useRefreshBrandProfiles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isBrandProfilesQueryKey(query.queryKey) });
}

export function useCreateBrandProfile() {
  const refresh = useRefreshBrandProfiles();
  return useMutation({
    mutationFn: (body: CreateBrandProfileRequest) => apiRequest<BrandProfileDto>('POST', BRAND_PROFILES_URL, body),
    onSuccess: () => {
      void refresh();
    },
  });
}

export interface UpdateBrandProfileInput {
  id: string;
  name?: string;
  description?: string | null;
  brand_data?: BrandData;
}

export function useUpdateBrandProfile() {
  const refresh = useRefreshBrandProfiles();
  return useMutation({
    mutationFn: ({ id, ...changes }: UpdateBrandProfileInput) =>
      apiRequest<BrandProfileDto>('PATCH', `${BRAND_PROFILES_URL}/${encodeURIComponent(id)}`, changes),
    onSuccess: () => {
      void refresh();
    },
  });
}

export function useDeleteBrandProfile() {
  const refresh = useRefreshBrandProfiles();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${BRAND_PROFILES_URL}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void refresh();
    },
  });
}

export interface ExtractBrandInput {
  imageUrls: string[];
  fileNames: string[];
}

/** POST /api/brand-profiles/extract; the list is refreshed when a profile was created. */
export function useExtractBrand() {
  const refresh = useRefreshBrandProfiles();
  return useMutation({
    mutationFn: (input: ExtractBrandInput) => apiRequest<BrandExtractionResponse>('POST', `${BRAND_PROFILES_URL}/extract`, input),
    // Even without a profile, today's extraction count (the plan's usage) changed.
    onSuccess: () => void refresh(),
  });
}
