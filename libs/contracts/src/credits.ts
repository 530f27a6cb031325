export const CREDIT_TRANSACTION_TYPES = ['purchase', 'usage', 'refund', 'bonus'] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

export const CREDIT_TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;
export type CreditTransactionStatus = (typeof CREDIT_TRANSACTION_STATUSES)[number];

/** Every new organization starts with this many credits ("no credit card required"). */
export const WELCOME_BONUS_CREDITS = 25;
export const WELCOME_BONUS_DESCRIPTION = 'Welcome bonus';

export interface CreditBalanceDto {
  credits: number;
}
