import type { DashboardSummaryResponse } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganizationId } from '../../../lib/auth';

export const DASHBOARD_SUMMARY_URL = '/api/dashboard/summary';

/**
 * GET /api/dashboard/summary: every section's data in one request, so the page renders in one
 * round once the organization is known (organization-scoped reads wait for it).
 */
export function useDashboardSummary() {
  const organizationId = useOrganizationId();
  return useQuery<DashboardSummaryResponse>({
    queryKey: [DASHBOARD_SUMMARY_URL, organizationId ?? ''],
    queryFn: async ({ signal }) => {
      const res = await fetch(DASHBOARD_SUMMARY_URL, { credentials: 'include', signal });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return (await res.json()) as DashboardSummaryResponse;
    },
    enabled: !!organizationId,
    // The dashboard is a glance at live figures: fresh on every visit.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
