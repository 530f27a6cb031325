import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** An outbox row to write: its event id (the caller's), event type, payload and organization. */
export interface NewOutboxEvent {
  eventId: string;
  type: string;
  payload: unknown;
  organizationId: string | null;
}

/** SQL expressions for the outbox insert of another statement: each is evaluated once per row of `from`. */
export interface OutboxEventsSelect {
  /** Defaults to a fresh uuid per row. */
  eventId?: string;
  type: string;
  payload: string;
  organizationId: string;
  /** What follows FROM: a CTE, a joined source, with any WHERE and ORDER BY (rows get their ids in that order). */
  from: string;
}

/**
 * The outbox insert, to put in a statement that records events with what it writes (a CTE next to
 * the rows the events report): one outbox row per row of `select.from`.
 */
export const insertOutboxEventsSql = (select: OutboxEventsSelect): string =>
  `INSERT INTO outbox (event_id, type, payload, organization_id)
   SELECT ${select.eventId ?? 'gen_random_uuid()'}, ${select.type}, ${select.payload}, ${select.organizationId} FROM ${select.from}`;

/** Returned columns added to each row's payload (payload key → column of the written rows). */
export type PayloadFields = Record<string, string>;

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The Operations list's source for events (the admin jobs list composes it with the other kinds'). */
export const OUTBOX_JOB_STATE = `CASE WHEN o.parked_at IS NOT NULL THEN 'parked' WHEN o.published_at IS NOT NULL THEN 'published' ELSE 'pending' END`;
export const outboxJobsSql = {
  select: `SELECT 'event' AS kind, o.id::text AS job_id, ${OUTBOX_JOB_STATE} AS state, o.type AS label, o.last_error AS error, o.attempts, o.organization_id, o.created_at,
                  coalesce(o.parked_at, o.published_at) AS updated_at, NULL::text AS retried_as, NULL::text AS retry_of
             FROM outbox o`,
  state: OUTBOX_JOB_STATE,
  id: { column: 'o.id', type: 'bigint' as const },
};

/** An outbox row as the relay claims it. */
export interface ClaimedOutboxRow {
  id: string;
  event_id: string;
  type: string;
  organization_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
  attempts: number;
}

@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the events, in order (their outbox ids follow it). */
  async insert(events: NewOutboxEvent[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      insertOutboxEventsSql({
        eventId: 'e.event_id',
        type: 'e.type',
        payload: 'e.payload',
        organizationId: 'e.organization_id',
        from: `jsonb_to_recordset($1::jsonb) AS e(n int, event_id uuid, type text, payload jsonb, organization_id uuid) ORDER BY e.n`,
      }),
      [JSON.stringify(events.map((e, n) => ({ n, event_id: e.eventId, type: e.type, payload: e.payload, organization_id: e.organizationId })))],
    );
  }

  /**
   * Runs `statement` (an INSERT or UPDATE with RETURNING) and writes one event per row it returns,
   * in one round trip: the event's payload plus `rowFields` of the row. Returns the statement's rows.
   */
  async writeWithEvents<T>(
    statement: string,
    params: unknown[],
    event: { type: string; payload: unknown; organizationId: string | null; rowFields?: PayloadFields },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<T[]> {
    const next = params.length;
    const fields = Object.entries(event.rowFields ?? {}).map(([key, column]) => {
      if (!SQL_NAME.test(key) || !SQL_NAME.test(column)) throw new Error(`not a plain name: ${key} → ${column}`);
      return `'${key}', written.${column}`;
    });
    const payload = fields.length > 0 ? `$${next + 2}::jsonb || jsonb_build_object(${fields.join(', ')})` : `$${next + 2}::jsonb`;
    return manager.query(
      `WITH written AS (${statement}),
            recorded AS (${insertOutboxEventsSql({ type: `$${next + 1}`, payload, organizationId: `$${next + 3}::uuid`, from: 'written' })})
       SELECT * FROM written`,
      [...params, event.type, JSON.stringify(event.payload), event.organizationId],
    );
  }

  /** Up to `limit` events due for publishing, locked (skipping those another relay holds) until the transaction ends. */
  async claimDue(limit: number, manager: EntityManager): Promise<ClaimedOutboxRow[]> {
    return manager.query(
      `SELECT id, event_id, type, organization_id, payload, created_at, attempts FROM outbox
        WHERE published_at IS NULL AND parked_at IS NULL AND next_attempt_at <= now()
        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  async markPublished(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** A failed delivery, tried again `delaySeconds` from now. */
  async markRetry(id: string, attempts: number, error: string, delaySeconds: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`, [
      id,
      attempts,
      error,
      delaySeconds,
    ]);
  }

  /** A failed delivery never tried again. */
  async markParked(id: string, attempts: number, error: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE outbox SET attempts = $2, last_error = $3, parked_at = now() WHERE id = $1`, [id, attempts, error]);
  }

  /** Gives a parked event a fresh set of attempts; false when it is not parked. */
  async unpark(id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE outbox SET parked_at = NULL, attempts = 0, next_attempt_at = now(), last_error = NULL WHERE id = $1 AND parked_at IS NOT NULL`,
      [id],
    );
    return count > 0;
  }

  /** The event an administrator is about to retry, locked until the transaction ends; undefined when there is none. */
  async lockForRetry(id: string, manager: EntityManager): Promise<{ type: string; parked_at: Date | null; attempts: number } | undefined> {
    const [event]: Array<{ type: string; parked_at: Date | null; attempts: number }> = await manager.query(
      `SELECT type, parked_at, attempts FROM outbox WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return event;
  }

  /** Deletes events published more than `days` days ago; returns how many. */
  async deletePublishedBefore(days: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query(`DELETE FROM outbox WHERE published_at < now() - make_interval(days => $1)`, [days]);
    return count;
  }
}
