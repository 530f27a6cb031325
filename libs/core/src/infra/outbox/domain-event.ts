import type { EntityManager } from 'typeorm';

/**
 * Every outbox event's payload, by event name. Empty here: each domain adds the events it writes
 * where it names them (declaration merging in its `*.events.ts`), so infra knows no event, and an
 * event written or consumed with the wrong payload does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EventPayloads {}

export type EventName = keyof EventPayloads & string;

/** What consumers receive for an outbox row: for several names, one of their events (narrowed by `type`). */
export type DomainEvent<N extends EventName = EventName> = N extends EventName
  ? {
      id: string;
      type: N;
      organizationId: string | null;
      payload: EventPayloads[N];
      occurredAt: string;
    }
  : never;

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
