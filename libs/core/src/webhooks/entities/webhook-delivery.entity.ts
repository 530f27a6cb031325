import type { WebhookDeliveryStatus } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One attempt to deliver one event to one endpoint (the delivery log). */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  endpoint_id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  /** The event's `id` in the body: the same on every attempt and re-send of one event. */
  @Column({ type: 'uuid' })
  event_id: string;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The exact JSON posted (signed as it is). */
  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'integer' })
  attempt: number;

  @Column({ type: 'boolean', default: false })
  manual: boolean;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: WebhookDeliveryStatus;

  @Column({ type: 'integer', nullable: true })
  status_code: number | null;

  @Column({ type: 'integer', nullable: true })
  duration_ms: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz' })
  scheduled_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  attempted_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  next_attempt_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  delivered_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
