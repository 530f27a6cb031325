import { useQuery } from '@tanstack/react-query';
import { ApiError, getQueryFn } from '../../../lib/api';
import { useOrganizationId } from '../../../lib/auth';
import type { BrandProfileDto } from '@brandloom/contracts';
import { brandProfileQueryKey } from './queryKeys';

const getProfile = getQueryFn<BrandProfileDto>({ on401: 'throw' });

/**
 * GET /api/brand-profiles/{id}. A 404 (a missing id, or another organization's) reads as no
 * profile (null): the screen shows 'Brand profile not found' rather than an error.
 */
export function useBrandProfile(id: string | undefined) {
  const organizationId = useOrganizationId();
  return useQuery({
    queryKey: brandProfileQueryKey(id ?? ''),
    queryFn: async (context): Promise<BrandProfileDto | null> => {
      try {
        const profile = await getProfile(context);
        return profile && typeof profile === 'object' ? profile : null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: !!id && !!organizationId,
  });
}
