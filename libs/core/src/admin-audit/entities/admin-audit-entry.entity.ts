import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One administrator action: who did what to which target, the state before and after, when. */
@Entity('admin_audit')
export class AdminAuditEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', nullable: true })
  admin_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  admin_email: string | null;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 40 })
  target_type: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  target_id: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;
}
