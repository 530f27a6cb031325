import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Makes an event consumer idempotent: its effects and the processed mark commit together. */
@Injectable()
export class ProcessedEvents {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `effects` unless `consumer` already processed `eventId`; returns whether it ran. */
  async runOnce(consumer: string, eventId: string, effects: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer, eventId],
      );
      if (inserted.length === 0) return false;
      await effects(manager);
      return true;
    });
  }
}
