import type { ErrorCode } from './error-codes';
export const CREDIT_TRANSACTION_TYPES = ['purchase', 'usage', 'refund', 'bonus'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

export const CREDIT_TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;
export type CreditTransactionStatus = (typeof CREDIT_TRANSACTION_STATUSES)[number];

/** Every new organization starts with this many credits ("no credit card required"). */
export const WELCOME_BONUS_CREDITS = 25;
export const WELCOME_BONUS_DESCRIPTION = 'Welcome bonus';

/** A debit that takes the balance from this or more to below it announces low credits (the `credits.low` webhook). */
export const CREDITS_LOW_THRESHOLD = 10;

export interface CreditBalanceDto {
  credits: number;
}

/** Credits per image by quality; a request costs this times its variation count. */
export const CREDIT_COST_PER_IMAGE = { low: 1, medium: 2, high: 4 } as const;
export type ImageQuality = keyof typeof CREDIT_COST_PER_IMAGE;

/** Display labels of the transaction types. */
export const CREDIT_TRANSACTION_LABELS: Record<CreditTransactionType, string> = {
  purchase: 'Credit Purchase',
  usage: 'Generation',
  refund: 'Refund',
  bonus: 'Bonus Credits',
};

/** The history tabs All, Purchases and Usage. */
export const CREDIT_TRANSACTION_FILTERS = ['all', 'purchase', 'usage'] as const;
export type CreditTransactionFilter = (typeof CREDIT_TRANSACTION_FILTERS)[number];

export const TRANSACTIONS_DEFAULT_LIMIT = 20;
export const TRANSACTIONS_MAX_LIMIT = 100;
/** Response header of GET /api/credits/transactions: pass it back as `cursor` for the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * Business maximum of one grant (purchase, bonus, an administrator's grant or correction): larger
 * amounts are refused with CREDIT_BOUND_CODES.grantTooLarge before anything is written.
 */
export const CREDITS_MAX_GRANT = 1_000_000;
/** Largest single grant through POST /api/credits/add. */
export const MAX_CREDITS_GRANT = CREDITS_MAX_GRANT;
/**
 * Business maximum of an organization's balance: a grant that would take it higher is refused
 * (CREDIT_BOUND_CODES.balanceLimit). Well below PostgreSQL's 32-bit integer (2,147,483,647), so
 * refunds, which only give back what was taken and are never refused, always fit above it.
 */
export const CREDITS_MAX_BALANCE = 1_000_000_000;

/** The `code` of a refused grant. */
export const CREDIT_BOUND_CODES = {
  grantTooLarge: 'credits_grant_too_large',
  balanceLimit: 'credits_balance_limit',
} as const satisfies Record<string, ErrorCode>;

export interface CreditTransactionDto {
  id: string;
  created_at: string;
  type: CreditTransactionType;
  /** Same as type; the product's screens read either name. */
  transaction_type: CreditTransactionType;
  description: string;
  brand_name: string | null;
  /** Signed: positive adds credits, negative spends them. */
  amount: number;
  status: CreditTransactionStatus;
}

/** POST /api/credits/add answers with the transaction and the new balance. */
export interface AddCreditsResponse extends CreditTransactionDto {
  balance: number;
}

export const CREDITS_MESSAGES = {
  invalidAmount: 'amount must be a positive whole number',
  grantTooLarge: `A grant is at most ${CREDITS_MAX_GRANT.toLocaleString('en-US')} credits`,
  balanceLimit: (balance: number) =>
    `This grant would take the balance past the maximum of ${CREDITS_MAX_BALANCE.toLocaleString('en-US')} credits (the organization has ${balance.toLocaleString('en-US')} credits)`,
  invalidCursor: 'Invalid cursor',
  // Client-side toasts.
  addedTitle: 'Credits Added',
  addFailedTitle: 'Failed to add credits',
  noTransactions: 'No credit transactions yet.',
} as const;
