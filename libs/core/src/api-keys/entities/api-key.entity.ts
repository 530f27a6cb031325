import type { ApiKeyScope } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';

/** An organization's key to the public API. The key itself is never stored: only its SHA-256. */
@Entity('api_keys')
export class ApiKey extends OrganizationRow {
  @Column({ type: 'uuid', nullable: true })
  created_by: string | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** The key's first characters, shown to tell keys apart. */
  @Column({ type: 'varchar', length: 20 })
  prefix: string;

  @Column({ type: 'bytea', select: false })
  key_hash: Buffer;

  @Column({ type: 'text', array: true })
  scopes: ApiKeyScope[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;

  @Column({ type: 'uuid', nullable: true })
  revoked_by: string | null;
}
