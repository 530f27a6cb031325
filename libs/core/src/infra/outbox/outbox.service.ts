import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import type { EventName, EventPayloads } from './domain-event';

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

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

@Injectable()
export class OutboxService {
  /**
   * Records an event inside the caller's transaction: it is published only if that
   * transaction commits. Returns the event id.
   */
  async record<N extends EventName>(manager: EntityManager, type: N, payload: EventPayloads[N], organizationId: string | null = null): Promise<string> {
    const eventId = randomUUID();
    await manager.query(`INSERT INTO outbox (event_id, type, payload, organization_id) VALUES ($1, $2, $3, $4)`, [
      eventId,
      type,
      JSON.stringify(payload),
      organizationId,
    ]);
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
    const next = params.length;
    const fields = Object.entries<string>(event.rowFields ?? {}).map(([key, column]) => {
      if (!SQL_NAME.test(key) || !SQL_NAME.test(column)) throw new Error(`not a plain name: ${key} → ${column}`);
      return `'${key}', written.${column}`;
    });
    const payload = fields.length > 0 ? `$${next + 2}::jsonb || jsonb_build_object(${fields.join(', ')})` : `$${next + 2}::jsonb`;
    return manager.query(
      `WITH written AS (${statement}),
            recorded AS (
              INSERT INTO outbox (event_id, type, payload, organization_id)
              SELECT gen_random_uuid(), $${next + 1}, ${payload}, $${next + 3}::uuid FROM written
            )
       SELECT * FROM written`,
      [...params, event.type, JSON.stringify(event.payload), event.organizationId],
    );
  }

  /** record() for many events in one statement; returns their ids in order. */
  async recordMany<N extends EventName>(manager: EntityManager, type: N, events: Array<{ payload: EventPayloads[N]; organizationId: string | null }>): Promise<string[]> {
    if (events.length === 0) return [];
    const ids = events.map(() => randomUUID());
    await manager.query(
      `INSERT INTO outbox (event_id, type, payload, organization_id)
       SELECT e.event_id, $1, e.payload, e.organization_id
         FROM jsonb_to_recordset($2::jsonb) AS e(n int, event_id uuid, payload jsonb, organization_id uuid)
        ORDER BY e.n`,
      [type, JSON.stringify(events.map((e, i) => ({ n: i, event_id: ids[i], payload: e.payload, organization_id: e.organizationId })))],
    );
    return ids;
  }

  /** Gives a parked event (failed too often) a fresh set of attempts; false when it is not parked. */
  async unpark(manager: EntityManager, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE outbox SET parked_at = NULL, attempts = 0, next_attempt_at = now(), last_error = NULL WHERE id = $1 AND parked_at IS NOT NULL`,
      [id],
    );
    return count > 0;
  }
}
