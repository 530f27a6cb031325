import type { CreditBalanceDto } from '@brandloom/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useOrganizationId } from './auth';

// The balance is read by the header, the studio and the billing page: one query, one key, here
// (features never import each other).

export const creditBalanceQueryKey = ['/api/credits/balance'];

/** The organization's credits (organization-scoped, so only once the organization is known). */
export function useCreditBalance() {
  const organizationId = useOrganizationId();
  return useQuery<CreditBalanceDto>({ queryKey: creditBalanceQueryKey, enabled: !!organizationId });
}

/** The balance after a debit, a refund or a purchase. */
export function refreshCreditBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: creditBalanceQueryKey });
}
