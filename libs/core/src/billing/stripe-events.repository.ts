import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class StripeEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async isRecorded(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [eventId]);
    return rows.length > 0;
  }

  /** Records the event as processed; false when it is recorded already (a concurrent delivery won). */
  async recordUnlessRecorded(event: { id: string; type: string; created: number }, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const recorded: unknown[] = await manager.query(
      `INSERT INTO stripe_events (id, type, stripe_created) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT DO NOTHING RETURNING id`,
      [event.id, event.type, event.created],
    );
    return recorded.length > 0;
  }
}
