import type { CreditBalanceDto } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOrganization } from '../../../lib/auth';
import { creditBalanceQueryKey } from './queryKeys';

export type CreditBalance = CreditBalanceDto;

/** The organization's credit balance; fetched only once an organization exists. */
export function useCreditBalance() {
  const { data: organization } = useOrganization();
  return useQuery<CreditBalance>({ queryKey: creditBalanceQueryKey, enabled: !!organization });
}
