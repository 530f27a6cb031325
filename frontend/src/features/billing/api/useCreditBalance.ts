import { useQuery } from '@tanstack/react-query';
import { useOrganization } from '../../../lib/auth';

export interface CreditBalance {
  credits: number;
}

/** The organization's credit balance; fetched only once an organization exists. */
export function useCreditBalance() {
  const { data: organization } = useOrganization();
  return useQuery<CreditBalance>({ queryKey: ['/api/credits/balance'], enabled: !!organization });
}
