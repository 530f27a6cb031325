import type { CreditTransactionType } from '@brandloom/contracts';
import type { CreditsReference } from './credits.service';

/** The outbox events the credits domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const CREDITS_EVENTS = {
  creditsGranted: 'credits.granted',
  creditsDebited: 'credits.debited',
  creditsRefunded: 'credits.refunded',
  /** A debit took the balance from CREDITS_LOW_THRESHOLD or more to below it (written by LowCreditsConsumer). */
  creditsLow: 'credits.low',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [CREDITS_EVENTS.creditsGranted]: { transactionId: string; amount: number; type: CreditTransactionType; balance: number };
    /** Written by the debit statements themselves (credits.service.ts): `amount` is the credits taken (positive), `balance` what is left. */
    [CREDITS_EVENTS.creditsDebited]: { transactionId: string; amount: number; balance: number; reference: CreditsReference | null };
    [CREDITS_EVENTS.creditsRefunded]: { transactionId: string; debitId: string; amount: number; balance: number };
    [CREDITS_EVENTS.creditsLow]: { transactionId: string; balance: number; threshold: number };
  }
}
