import type { MembershipRole } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';

/**
 * An invitation to join an organization. The mailed token is never stored: only its SHA-256
 * (token_hash), set by the mail job that makes and sends the link.
 */
@Entity('invitations')
export class Invitation extends OrganizationRow {
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  role: MembershipRole;

  @Column({ type: 'char', length: 64, nullable: true, select: false })
  token_hash: string | null;

  @Column({ type: 'uuid', nullable: true })
  invited_by: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  accepted_at: Date | null;

  @Column({ type: 'uuid', nullable: true })
  accepted_by: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  revoked_at: Date | null;
}
