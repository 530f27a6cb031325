import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One pushed ad's figures on one day, as its network reports them (in the ad account's currency). */
@Entity('ad_results')
export class AdResult {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  network: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  ad_id: string;

  @PrimaryColumn({ type: 'date' })
  date: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'uuid', nullable: true })
  asset_id: string | null;

  @Column({ type: 'bigint' })
  impressions: string;

  @Column({ type: 'bigint' })
  reach: string;

  @Column({ type: 'bigint' })
  clicks: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  spend: string;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;
}
