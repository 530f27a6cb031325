import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { DOMAIN_EVENTS } from '../event-names';
import { OUTBOX_BATCH_CLAIMED, type OutboxBatch } from '../infra/outbox/domain-event';
import { AuditLogRepository } from './audit-log.repository';

const AUDITED_TYPES = new Set<string>(Object.values(DOMAIN_EVENTS));

/**
 * Keeps the activity trail: one audit row per domain event, however often it is delivered (the
 * row's event id is unique, so the insert is idempotent by itself). Written for each batch the
 * relay claims, in its transaction, by one statement that copies the rows from the outbox.
 */
@Injectable()
export class AuditRecorder {
  constructor(private readonly auditLog: AuditLogRepository) {}

  @OnEvent(OUTBOX_BATCH_CLAIMED, { suppressErrors: false })
  async recordBatch({ manager, outboxIds, events }: OutboxBatch): Promise<void> {
    const audited = outboxIds.filter((_, i) => AUDITED_TYPES.has(events[i].type));
    if (audited.length === 0) return;
    await this.auditLog.copyFromOutbox(audited, manager);
  }
}
