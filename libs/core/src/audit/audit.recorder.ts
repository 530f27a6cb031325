import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS } from '../event-names';
import { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';

/**
 * Keeps the activity trail: one audit row per domain event, however often it is delivered (the
 * row's event id is unique, so the insert is idempotent by itself: one statement per event).
 */
@Injectable()
export class AuditRecorder {
  constructor(private readonly dataSource: DataSource) {}

  @OnDomainEvent(Object.values(DOMAIN_EVENTS))
  async record(event: DomainEvent): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO audit_log (event_id, type, organization_id, payload) VALUES ($1, $2, $3, $4) ON CONFLICT (event_id) DO NOTHING`,
      [event.id, event.type, event.organizationId, JSON.stringify(event.payload)],
    );
  }
}
