import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A Stripe subscription as last read from Stripe; organizations.plan_tier is derived from these rows. */
@Entity('subscriptions')
export class StripeSubscription {
  /** Stripe's subscription id (sub_...). */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_customer_id: string | null;

  /** Stripe's status: active, trialing, past_due, canceled, incomplete, ... */
  @Column({ type: 'varchar', length: 30 })
  status: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_price_id: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  product_id: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  current_period_start: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  current_period_end: Date | null;

  @Column({ type: 'boolean', default: false })
  cancel_at_period_end: boolean;

  @Column({ type: 'timestamptz' })
  stripe_created: Date;

  /** When this state was read from Stripe: an older read never overwrites a newer one. */
  @Column({ type: 'timestamptz' })
  synced_at: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
