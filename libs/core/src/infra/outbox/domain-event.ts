import type { EntityManager } from 'typeorm';

/** What handlers and jobs receive for an outbox row. */
export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  type: string;
  organizationId: string | null;
  payload: P;
  occurredAt: string;
}

/**
 * Announced by the relay, inside the transaction that claims a batch of events and before any is
 * published, for work done once per batch in that transaction (the audit trail: one statement for
 * the batch). `outboxIds[i]` is the outbox row of `events[i]`. A listener that fails rolls the batch
 * back: nothing in it is marked published, and it is claimed again at the next poll.
 */
export const OUTBOX_BATCH_CLAIMED = 'outbox.batch-claimed';

export interface OutboxBatch {
  manager: EntityManager;
  outboxIds: string[];
  events: DomainEvent[];
}
