import { Column, CreateDateColumn } from 'typeorm';

/**
 * A domain event as the outbox records it (its id, type, organization and payload, and when it was
 * recorded): the columns of the outbox and of the tables that keep a copy of events (the audit log).
 */
export abstract class RecordedEvent {
  @Column({ type: 'uuid' })
  event_id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ type: 'uuid', nullable: true })
  organization_id: string | null;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
