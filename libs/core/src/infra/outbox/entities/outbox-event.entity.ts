import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { RecordedEvent } from './recorded-event';

@Entity('outbox')
@Unique(['event_id'])
export class OutboxEvent extends RecordedEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  next_attempt_at: Date;

  @Column({ type: 'text', nullable: true })
  last_error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  published_at: Date | null;

  /** Set when an event failed too often: it stays for inspection and is never retried. */
  @Column({ type: 'timestamptz', nullable: true })
  parked_at: Date | null;
}
