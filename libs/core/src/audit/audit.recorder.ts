import { Injectable } from '@nestjs/common';
import { DOMAIN_EVENTS } from '../event-names';
import { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { ProcessedEvents } from '../infra/outbox/processed-events';

/** Keeps the activity trail: one audit row per domain event, however often it is delivered. */
@Injectable()
export class AuditRecorder {
  static readonly CONSUMER = 'audit';

  constructor(private readonly processed: ProcessedEvents) {}

  @OnDomainEvent(Object.values(DOMAIN_EVENTS))
  async record(event: DomainEvent): Promise<void> {
    await this.processed.runOnce(AuditRecorder.CONSUMER, event.id, async (manager) => {
      await manager.query(`INSERT INTO audit_log (event_id, type, organization_id, payload) VALUES ($1, $2, $3, $4)`, [
        event.id,
        event.type,
        event.organizationId,
        JSON.stringify(event.payload),
      ]);
    });
  }
}
