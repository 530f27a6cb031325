import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class ProcessedEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Marks `eventId` processed by `consumer`; false when it already was. */
  async markProcessed(consumer: string, eventId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumer, eventId],
    );
    return inserted.length > 0;
  }

  /** Deletes marks older than `days` days; returns how many. */
  async deleteProcessedBefore(days: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query(`DELETE FROM processed_events WHERE processed_at < now() - make_interval(days => $1)`, [days]);
    return count;
  }
}
