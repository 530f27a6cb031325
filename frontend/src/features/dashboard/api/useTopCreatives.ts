import { AD_RESULT_BADGE_RANGE, type AdResultDto, type AdResultsResponse } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** How many creatives the dashboard's card ranks. */
export const TOP_CREATIVES = 3;

/** The week's best pushed creatives by CTR (those with impressions only); empty before any results came back. */
export function useTopCreatives() {
  return useQuery({
    queryKey: ['/api/ad-results', AD_RESULT_BADGE_RANGE],
    queryFn: () => apiRequest<AdResultsResponse>('GET', `/api/ad-results?range=${AD_RESULT_BADGE_RANGE}`),
    select: (answer): AdResultDto[] =>
      answer.results
        .filter((result) => result.impressions > 0 && result.ctr !== null)
        .sort((a, b) => b.ctr! - a.ctr! || b.clicks - a.clicks)
        .slice(0, TOP_CREATIVES),
  });
}
