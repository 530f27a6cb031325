import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DomainEvent, OUTBOX_BATCH_CLAIMED, type OutboxBatch } from './domain-event';

interface ClaimedRow {
  id: string;
  event_id: string;
  type: string;
  organization_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
  attempts: number;
}

export const OUTBOX_MAX_ATTEMPTS = 8;
const BATCH_SIZE = 50;
const BACKOFF_BASE_SECONDS = 2;

/**
 * Publishes committed outbox rows to their event handlers (a job is enqueued by its domain after
 * the commit, never from here). Rows are claimed with FOR UPDATE SKIP LOCKED and stay locked while they
 * are published, so any number of relays can run side by side and each event goes out once.
 */
@Injectable()
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly emitter: EventEmitter2,
    private readonly config: AppConfig,
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = async () => {
      try {
        this.running = this.drain();
        await this.running;
      } catch (error) {
        this.logger.error(`relay failed: ${(error as Error).message}`);
      } finally {
        this.running = undefined;
        if (this.timer) this.timer = setTimeout(tick, this.config.OUTBOX_POLL_MS);
      }
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // A batch that fails while stopping is retried by the next relay; it must not fail shutdown.
    await this.running?.catch(() => undefined);
  }

  /** Publishes batches until nothing is due; returns how many events were published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.relayBatch();
      total += published.published;
      if (published.claimed < BATCH_SIZE) return total;
    }
  }

  async relayBatch(): Promise<{ claimed: number; published: number }> {
    return this.dataSource.transaction(async (manager) => {
      const rows: ClaimedRow[] = await manager.query(
        `SELECT id, event_id, type, organization_id, payload, created_at, attempts FROM outbox
          WHERE published_at IS NULL AND parked_at IS NULL AND next_attempt_at <= now()
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH_SIZE],
      );
      if (rows.length > 0) {
        const batch: OutboxBatch = { manager, outboxIds: rows.map((row) => row.id), events: rows.map(toDomainEvent) };
        await this.emitter.emitAsync(OUTBOX_BATCH_CLAIMED, batch);
      }
      const published: string[] = [];
      for (const row of rows) {
        try {
          await this.publish(row);
          published.push(row.id);
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = (error as Error).message ?? String(error);
          if (attempts >= OUTBOX_MAX_ATTEMPTS) {
            this.logger.error(`parking event ${row.type} ${row.event_id} after ${attempts} attempts: ${message}`);
            await manager.query(`UPDATE outbox SET attempts = $2, last_error = $3, parked_at = now() WHERE id = $1`, [row.id, attempts, message]);
          } else {
            const delaySeconds = BACKOFF_BASE_SECONDS ** attempts;
            await manager.query(
              `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
              [row.id, attempts, message, delaySeconds],
            );
          }
        }
      }
      // One statement for the batch: the rows stay locked until this transaction commits either way.
      if (published.length > 0) {
        await manager.query(`UPDATE outbox SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::bigint[])`, [published]);
      }
      return { claimed: rows.length, published: published.length };
    });
  }

  private async publish(row: ClaimedRow): Promise<void> {
    await this.emitter.emitAsync(row.type, toDomainEvent(row));
  }
}

/** The row as its writer typed it: only OutboxService writes the outbox, with a declared event and its payload. */
function toDomainEvent(row: ClaimedRow): DomainEvent {
  return { id: row.event_id, type: row.type, organizationId: row.organization_id, payload: row.payload, occurredAt: new Date(row.created_at).toISOString() } as DomainEvent;
}
