import type { Translate } from './translate';

/** The states screens name: of jobs, of pushes to an ad network, of credit transactions, of outbox events. */
export const STATUSES = ['queued', 'processing', 'running', 'completed', 'failed', 'pending', 'published', 'parked'] as const;
export type Status = (typeof STATUSES)[number];

const isStatus = (value: string): value is Status => (STATUSES as readonly string[]).includes(value);

/** A state in the user's language; one the catalogues do not name is shown as the server sent it. */
export const statusLabel = (status: string, t: Translate): string => (isStatus(status) ? t(`status.${status}`) : status);
