import type { QueryClient } from '@tanstack/react-query';
import { creditBalanceQueryKey, isAssetQueryKey } from './queryKeys';

/** Spec §4: on completion the asset library is refreshed. */
export function refreshAssetLibrary(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (query) => isAssetQueryKey(query.queryKey) });
}

/** The balance after a debit or a refund. */
export function refreshCreditBalance(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: creditBalanceQueryKey });
}
