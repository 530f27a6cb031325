import type { GenerationStatus, ImageSize, PictureAdsSpec, Quality } from '@brandloom/contracts';
import type { ImageTokenUsage } from '../providers/image-provider';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A provider's name in the image provider registry ('openai', 'local'). */
export type GenerationProviderName = string;

/**
 * One generation request: queued → processing → completed | failed. The id is also the queue
 * job's id and the debit's idempotency key. A bulk batch creates one row per CSV row (batch_id);
 * its images land in folder_id.
 */
@Entity('generations')
export class Generation {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @Column({ type: 'text' })
  prompt: string;

  @Column({ type: 'varchar', length: 10 })
  quality: Quality;

  @Column({ type: 'varchar', length: 20 })
  size: ImageSize;

  @Column({ type: 'smallint' })
  variation_count: number;

  @Column({ type: 'uuid', nullable: true })
  brand_profile_id: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  brand_profile_name: string | null;

  /** Decided when the request is accepted: the local renderer for TEST prompts and the test endpoint. */
  @Column({ type: 'varchar', length: 20 })
  provider: GenerationProviderName;

  /** The model the provider sent the request to (null for the local renderer, or before the provider was called). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  model: string | null;

  /** The token usage the provider's API answered, summed over the generation's calls. */
  @Column({ type: 'jsonb', nullable: true })
  token_usage: ImageTokenUsage | null;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status: GenerationStatus;

  /** 0 to 100. */
  @Column({ type: 'smallint', default: 0 })
  progress: number;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'integer' })
  cost_per_image: number;

  @Column({ type: 'integer', default: 0 })
  credits_charged: number;

  @Column({ type: 'integer', default: 0 })
  credits_refunded: number;

  @Column({ type: 'uuid', nullable: true })
  debit_transaction_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  batch_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  folder_id: string | null;

  /** Storage keys of the reference images (uploads are stored first; asset keys are used as they are). */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  reference_image_keys: string[];

  /** Ad formats each image also gets once stored (Studio "Also make ad formats", bulk `formats`). */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  ad_formats: string[];

  /** Ads each image is also set as once stored (Studio "Also make ads"); null: none. */
  @Column({ type: 'jsonb', nullable: true })
  ad_request: PictureAdsSpec | null;

  /** Secret seed of the images' storage keys: a retry writes the same keys, nobody can guess them. */
  @Column({ type: 'varchar', length: 64 })
  storage_seed: string;

  /** The generation an administrator's retry created from this failed one (a generation is retried once). */
  @Column({ type: 'uuid', nullable: true })
  retried_as: string | null;

  /** Runs of the job that got as far as the provider. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  /** Also the heartbeat of a running job (the sweeper settles generations whose worker vanished). */
  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
