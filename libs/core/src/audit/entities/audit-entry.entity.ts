import { Entity, PrimaryGeneratedColumn } from 'typeorm';
import { RecordedEvent } from '../../infra/outbox/entities/recorded-event';

/** The activity trail built from domain events (admin "Recent Activity"). */
@Entity('audit_log')
export class AuditEntry extends RecordedEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;
}
