import type { QueryClient } from '@tanstack/react-query';
import { organizationQueryKey } from '../../../lib/auth';
import { creditBalanceQueryKey } from '../../../lib/creditBalance';
import { billingDetailsQueryKey } from '../../../lib/billing';

const isTransactionsQuery = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/credits/transactions');

/** Reloads what a payment or a grant changes: billing details, balance, every transaction list and the organization (plan tier). */
export function refetchBillingData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingDetailsQueryKey }),
    queryClient.invalidateQueries({ queryKey: creditBalanceQueryKey }),
    queryClient.invalidateQueries({ predicate: (query) => isTransactionsQuery(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
  ]);
}

/** After a grant: the balance, the ledger and the organization (its credits). */
export function refetchCredits(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: creditBalanceQueryKey }),
    queryClient.invalidateQueries({ predicate: (query) => isTransactionsQuery(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
  ]);
}
