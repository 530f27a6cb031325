import type { MembershipRole } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';
import { Organization } from './organization.entity';

@Entity('memberships')
export class Membership extends OrganizationRow {
  @Column({ type: 'uuid' })
  user_id: string;

  @Column({ type: 'varchar', length: 20 })
  role: MembershipRole;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: Organization;
}
