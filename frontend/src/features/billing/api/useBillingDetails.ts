import type { BillingDetailsResponse } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganization } from '../../../lib/auth';
import { billingDetailsQueryKey } from './queryKeys';

/** GET /api/stripe/billing-details: the organization's subscription (or null) and its purchases. */
export function useBillingDetails() {
  const { data: organization } = useOrganization();
  return useQuery<BillingDetailsResponse>({ queryKey: billingDetailsQueryKey, enabled: !!organization });
}
