import type { MetaAdAccountDto, MetaPageDto } from '@brandloom/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An organization's Meta connection: the encrypted long-lived token and the cached accounts and pages. */
@Entity('meta_connections')
export class MetaConnection {
  @PrimaryColumn({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'uuid', nullable: true })
  connected_by: string | null;

  @Column({ type: 'varchar', length: 64 })
  meta_user_id: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  meta_user_name: string | null;

  /** AES-256-GCM (TokenCipher), the organization id as associated data. */
  @Column({ type: 'text' })
  token_ciphertext: string;

  @Column({ type: 'timestamptz', nullable: true })
  token_expires_at: Date | null;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: 'active' | 'expired';

  @Column({ type: 'jsonb', default: () => "'[]'" })
  ad_accounts: MetaAdAccountDto[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  pages: MetaPageDto[];

  @Column({ type: 'timestamptz', nullable: true })
  last_sync: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  connected_at: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;
}
