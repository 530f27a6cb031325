import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One Idempotency-Key of an organization: the request it was first used with (a SHA-256 of its
 * method, path and body) and, once that request succeeded, its answer. No answer yet: in flight.
 */
@Entity('idempotency_keys')
export class IdempotencyKey {
  @PrimaryColumn({ type: 'uuid' })
  organization_id: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  @Column({ type: 'bytea' })
  request_hash: Buffer;

  @Column({ type: 'smallint', nullable: true })
  response_status: number | null;

  @Column({ type: 'jsonb', nullable: true })
  response_body: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz' })
  expires_at: Date;
}
