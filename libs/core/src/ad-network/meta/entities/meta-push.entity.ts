import type { Language, MetaPushStatus } from '@brandloom/contracts';
import { Column, Entity } from 'typeorm';
import { UserMadeOrganizationRow } from '../../../infra/database/organization-row';

/** One push of a library image to Meta, and how far it got (so a retried job never repeats a step). */
@Entity('meta_pushes')
export class MetaPush extends UserMadeOrganizationRow {
  @Column({ type: 'varchar', length: 64 })
  meta_user_id: string;

  @Column({ type: 'uuid', nullable: true })
  asset_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  asset_name: string | null;

  @Column({ type: 'varchar', length: 64 })
  ad_account_id: string;

  @Column({ type: 'varchar', length: 64 })
  campaign_id: string;

  @Column({ type: 'varchar', length: 64 })
  ad_set_id: string;

  @Column({ type: 'varchar', length: 64 })
  page_id: string;

  @Column({ type: 'varchar', length: 100 })
  creative_name: string;

  /** Where the ad leads (its call to action's link too); null on pushes made before links were kept. */
  @Column({ type: 'text', nullable: true })
  link: string | null;

  /** A pushed ad's copy (null for a plain picture): the creative's name, message and call to action. */
  @Column({ type: 'text', nullable: true })
  headline: string | null;

  @Column({ type: 'text', nullable: true })
  body: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  cta: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  image_hash: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  creative_id: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ad_id: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: MetaPushStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The failure's stable code (an error code of the API: meta_graph_retired, meta_token_expired, …). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  error_code: string | null;

  /** Placement groups of a multi-placement push (feed, stories), null for a single image. */
  @Column({ type: 'text', array: true, nullable: true })
  placements: string[] | null;

  /** The uploaded image hash of each placement group, saved as each upload ends. */
  @Column({ type: 'jsonb', nullable: true })
  placement_images: Record<string, string> | null;

  /** Meta's automatic creative changes the user turned on (all others are sent opted out). */
  @Column({ type: 'text', array: true, nullable: true })
  creative_features: string[] | null;

  /** The ad's copy of a multi-asset push (primaryText, headline, description, callToAction, link). */
  @Column({ type: 'jsonb', nullable: true })
  ad_copy: Record<string, string> | null;

  /** The languages of a multi-language push (one creative, Meta shows each viewer their language), the ad's own first; null otherwise. */
  @Column({ type: 'jsonb', nullable: true })
  language_variants: MetaPushLanguageVariant[] | null;

  /** The pushes made by one request of several assets. */
  @Column({ type: 'uuid', nullable: true })
  batch_id: string | null;

  /** When the ad's results were last read from Meta. */
  @Column({ type: 'timestamptz', nullable: true })
  results_read_at: Date | null;

  /** The ad's effective_status as Meta last reported it (ACTIVE, PAUSED, DELETED, ...); null before the first read. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  ad_status: string | null;

  /** When the ad's status was last read from Meta. */
  @Column({ type: 'timestamptz', nullable: true })
  ad_status_read_at: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;
}

/** One language of a multi-language push: its ad's rendered image and copy, and the image's hash once uploaded. */
export interface MetaPushLanguageVariant {
  language: Language;
  assetId: string;
  headline: string;
  body: string;
  hash?: string;
}
