import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import type { EventName, EventPayloads } from './domain-event';
import { OutboxRepository } from './outbox.repository';

/**
 * An event recorded with each row a statement writes (OutboxService.writeWithEvent): its payload
 * without the keys `rowFields` fills from each returned row.
 */
export interface RowEvent<N extends EventName, K extends string = never> {
  type: N;
  payload: Omit<EventPayloads[N], K>;
  organizationId: string | null;
  /** Payload key → returned column, added to each row's payload. */
  rowFields?: Record<K, string>;
}

@Injectable()
export class OutboxService {
  constructor(private readonly events: OutboxRepository) {}

  /**
   * Records an event inside the caller's transaction: it is published only if that
   * transaction commits. Returns the event id.
   */
  async record<N extends EventName>(manager: EntityManager, type: N, payload: EventPayloads[N], organizationId: string | null = null): Promise<string> {
    const [eventId] = await this.recordMany(manager, type, [{ payload, organizationId }]);
    return eventId;
  }

  /**
   * Runs `statement` (an INSERT or UPDATE with RETURNING) and records one event per row it returns,
   * in one round trip and so in one transaction. `rowFields` adds returned columns to each payload
   * (payload key → column). Returns the statement's rows.
   */
  async writeWithEvent<T, N extends EventName = EventName, K extends string = never>(
    manager: EntityManager,
    statement: string,
    params: unknown[],
    event: RowEvent<N, K>,
  ): Promise<T[]> {
    return this.events.writeWithEvents<T>(statement, params, event, manager);
  }

  /** record() for many events in one statement; returns their ids in order. */
  async recordMany<N extends EventName>(manager: EntityManager, type: N, events: Array<{ payload: EventPayloads[N]; organizationId: string | null }>): Promise<string[]> {
    const written = events.map((event) => ({ eventId: randomUUID(), type, payload: event.payload, organizationId: event.organizationId }));
    await this.events.insert(written, manager);
    return written.map((event) => event.eventId);
  }
}
