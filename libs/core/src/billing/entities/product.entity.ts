import type { BillingPeriod, PlanTier, ProductMetadata, ProductType } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A plan or credit pack of the catalogue (libs/contracts CATALOGUE), with its Stripe price. */
@Entity('products')
export class Product {
  /** 'starter_monthly', 'teamplus_annual', 'small', 'beta_pass', ... */
  @PrimaryColumn({ type: 'varchar', length: 50 })
  id: string;

  /** Plan key ('pro') or bundle key ('medium'). */
  @Column({ type: 'varchar', length: 50 })
  key: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 20 })
  product_type: ProductType;

  @Column({ type: 'varchar', length: 20, nullable: true })
  billing_period: BillingPeriod | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  plan_tier: PlanTier | null;

  /** USD per period (plans) or once (bundles). */
  @Column({ type: 'integer' })
  price: number;

  /** Credits per period (plans) or once (bundles). */
  @Column({ type: 'integer' })
  credits: number;

  /** Defaults to price_{id}; STRIPE_PRICE_IDS overrides it at boot. */
  @Column({ type: 'varchar', length: 255, unique: true })
  stripe_price_id: string;

  @Column({ type: 'jsonb', default: {} })
  metadata: ProductMetadata;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
