import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Copies the outbox rows `outboxIds` into the trail, in their order; an event already there is
   * skipped (its event id is unique), so a replay adds nothing.
   */
  async copyFromOutbox(outboxIds: string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO audit_log (event_id, type, organization_id, payload)
       SELECT event_id, type, organization_id, payload FROM outbox WHERE id = ANY($1::bigint[]) ORDER BY id
       ON CONFLICT (event_id) DO NOTHING`,
      [outboxIds],
    );
  }
}
