import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DomainEvent, OUTBOX_BATCH_CLAIMED, type OutboxBatch } from './domain-event';
import { type ClaimedOutboxRow, OutboxRepository } from './outbox.repository';

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
    private readonly outbox: OutboxRepository,
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
      const rows = await this.outbox.claimDue(BATCH_SIZE, manager);
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
            await this.outbox.markParked(row.id, attempts, message, manager);
          } else {
            const delaySeconds = BACKOFF_BASE_SECONDS ** attempts;
            await this.outbox.markRetry(row.id, attempts, message, delaySeconds, manager);
          }
        }
      }
      // One statement for the batch: the rows stay locked until this transaction commits either way.
      if (published.length > 0) {
        await this.outbox.markPublished(published, manager);
      }
      return { claimed: rows.length, published: published.length };
    });
  }

  private async publish(row: ClaimedOutboxRow): Promise<void> {
    await this.emitter.emitAsync(row.type, toDomainEvent(row));
  }
}

/** The row as its writer typed it: only OutboxService writes the outbox, with a declared event and its payload. */
function toDomainEvent(row: ClaimedOutboxRow): DomainEvent {
  return { id: row.event_id, type: row.type, organizationId: row.organization_id, payload: row.payload, occurredAt: new Date(row.created_at).toISOString() } as DomainEvent;
}
