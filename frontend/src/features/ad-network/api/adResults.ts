import { type AdResultDailyResponse, type AdResultRange, type AdResultsRefreshResponse, type AdResultsResponse } from '@brandloom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

const RESULTS_URL = '/api/ad-results';

export const adResultsQueryKey = (range: AdResultRange) => [RESULTS_URL, range] as const;

/** The figures per pushed asset over the range (7, 14 or 28 days). */
export function useAdResults(range: AdResultRange) {
  return useQuery({
    queryKey: adResultsQueryKey(range),
    queryFn: () => apiRequest<AdResultsResponse>('GET', `${RESULTS_URL}?range=${range}`),
  });
}

/** 'Refresh results': reads the results from Meta now, then every range is fetched again. */
export function useRefreshAdResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AdResultsRefreshResponse>('POST', `${RESULTS_URL}/refresh`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RESULTS_URL] }),
  });
}

/** One creative's figures for every day of the range (the chart per creative); waits for an asset id. */
export function useAdResultDaily(assetId: string | null, range: AdResultRange) {
  return useQuery({
    queryKey: [RESULTS_URL, range, 'daily', assetId ?? ''] as const,
    queryFn: () => apiRequest<AdResultDailyResponse>('GET', `${RESULTS_URL}/${encodeURIComponent(assetId ?? '')}/daily?range=${range}`),
    enabled: Boolean(assetId),
  });
}
