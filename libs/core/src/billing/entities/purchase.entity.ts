import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A one-time credit pack bought through Stripe Checkout. */
@Entity('purchases')
export class Purchase {
  /** The Checkout Session id (cs_...). */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  product_id: string | null;

  @Column({ type: 'integer' })
  credits: number;

  /** In the currency's smallest unit (cents), as Stripe reports it. */
  @Column({ type: 'integer', nullable: true })
  amount_total: number | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  currency: string | null;

  @Column({ type: 'varchar', length: 20 })
  status: 'pending' | 'completed' | 'failed';

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
