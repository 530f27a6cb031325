import {
  NEXT_CURSOR_HEADER,
  TRANSACTIONS_DEFAULT_LIMIT,
  type CreditTransactionDto,
  type CreditTransactionFilter,
} from '@brandloom/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { useOrganization } from '../../../lib/auth';
import { transactionsQueryKey } from './queryKeys';

export const TRANSACTIONS_PAGE_SIZE = TRANSACTIONS_DEFAULT_LIMIT;

export interface TransactionPage {
  transactions: CreditTransactionDto[];
  nextCursor: string | null;
}

export function transactionsUrl(type: CreditTransactionFilter, cursor?: string | null): string {
  const params = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE), type });
  if (cursor) params.set('cursor', cursor);
  return `/api/credits/transactions?${params.toString()}`;
}

/**
 * One page of the ledger. The server answers with a list and names the next page in the
 * `x-next-cursor` header; a `{ transactions, nextCursor }` body is read as well.
 */
async function fetchTransactionPage(url: string, signal: AbortSignal): Promise<TransactionPage> {
  const res = await fetch(url, { credentials: 'include', signal });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText);
  const body = (text ? JSON.parse(text) : []) as CreditTransactionDto[] | Partial<TransactionPage>;
  const headerCursor = res.headers.get(NEXT_CURSOR_HEADER) || null;
  if (Array.isArray(body)) return { transactions: body, nextCursor: headerCursor };
  return { transactions: body.transactions ?? [], nextCursor: body.nextCursor ?? headerCursor };
}

/** The transaction history for one tab (all, purchase or usage), a page at a time. */
export function useCreditTransactions(type: CreditTransactionFilter) {
  const { data: organization } = useOrganization();
  return useInfiniteQuery({
    queryKey: transactionsQueryKey(type),
    queryFn: ({ pageParam, signal }) => fetchTransactionPage(transactionsUrl(type, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: !!organization,
  });
}
