import { AD_RESULT_BADGE_RANGE, type AdResultDto, type AdResultsResponse } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** The results of pushed assets over the badge's days, by asset id (empty until loaded, or when it fails). */
export function useAssetResults(): Map<string, AdResultDto> {
  const results = useQuery({
    queryKey: ['/api/ad-results', AD_RESULT_BADGE_RANGE],
    queryFn: () => apiRequest<AdResultsResponse>('GET', `/api/ad-results?range=${AD_RESULT_BADGE_RANGE}`),
    select: (answer) => new Map(answer.results.map((r) => [r.assetId, r])),
    retry: false,
  });
  return results.data ?? EMPTY;
}

const EMPTY = new Map<string, AdResultDto>();
