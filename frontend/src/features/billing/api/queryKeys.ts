import type { CreditTransactionFilter } from '@brandloom/contracts';

/** Query keys of the billing feature. The first element is the URL read by the default query function. */
export const productsQueryKey = ['/api/stripe/products'];
export const transactionsQueryKey = (type: CreditTransactionFilter) => ['/api/credits/transactions', { type }];
