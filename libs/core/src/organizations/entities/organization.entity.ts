import type { PlanTier } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('organizations')
export class Organization {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20, default: 'Starter' })
  plan_tier: PlanTier;

  /** The balance; it only ever changes together with a credit_ledger row (see CreditsService). */
  @Column({ type: 'integer', default: 0 })
  credits: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_customer_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_subscription_id: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  website: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  description: string | null;

  /** Storage key of the logo's WebP rendition (public at /api/organization/logos/{file}). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  logo_key: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
