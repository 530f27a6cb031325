import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A webhook event whose effects were applied (recorded in the same transaction as them). */
@Entity('stripe_events')
export class StripeEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ type: 'timestamptz' })
  stripe_created: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  processed_at: Date;
}
