import type { BrandUsageDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganizationId } from '../../../lib/auth';
import { BRAND_PROFILES_URL } from '../../../lib/brandProfiles';

/** GET /api/brand-profiles/usage: the plan's profile and extraction allowances and what is used (refreshed with the profiles). */
export function useBrandUsage() {
  const organizationId = useOrganizationId();
  return useQuery<BrandUsageDto>({ queryKey: [`${BRAND_PROFILES_URL}/usage`], enabled: !!organizationId });
}
