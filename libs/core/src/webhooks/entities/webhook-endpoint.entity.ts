import type { WebhookEventType } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Where an organization wants its events POSTed, and which ones. */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  /** Made by the service before the insert: the secret is sealed with it as associated data. */
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: WebhookEventType[];

  /** The signing secret, AES-256-GCM (TokenCipher) with the endpoint id as associated data. */
  @Column({ type: 'text' })
  secret_sealed: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'integer', default: 0 })
  consecutive_failures: number;

  @Column({ type: 'text', nullable: true })
  disabled_reason: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  disabled_at: Date | null;

  @Column({ type: 'uuid', nullable: true })
  created_by: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
