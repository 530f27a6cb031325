import type { CreditBalanceDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganization } from '../../../lib/auth';
import { creditBalanceQueryKey } from './queryKeys';

/** The organization's credits (spec §6: organization-scoped, so only once an organization exists). */
export function useCreditBalance() {
  const { data: organization } = useOrganization();
  return useQuery<CreditBalanceDto>({ queryKey: creditBalanceQueryKey, enabled: !!organization });
}
