/** Messages of the service as a whole (outages), shown to users as the error's message. */
export const SERVICE_MESSAGES = {
  databaseUnavailable: 'Brandloom is temporarily unavailable: the database cannot be reached. Please try again in a moment.',
} as const;

/** Routes that call a paid or rate-limited third party, grouped by whose limits they spend (per user and per organization, 429 beyond). */
export type PaidCallFamily = 'stripe' | 'meta' | 'brand-extraction' | 'ad-copy';

export const PAID_CALL_MESSAGES: Record<PaidCallFamily, (wait: string) => string> = {
  stripe: (wait) => `Too many payment requests. Please try again in ${wait}.`,
  meta: (wait) => `Too many requests to Meta. Please try again in ${wait}.`,
  'brand-extraction': (wait) => `Too many brand extractions. Please try again in ${wait}.`,
  'ad-copy': (wait) => `Too many copy suggestions. Please try again in ${wait}.`,
};
