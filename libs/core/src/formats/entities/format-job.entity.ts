import type { AdFormatId, FormatFill, FormatJobStatus, FormatMethod, Quality } from '@brandloom/contracts';
import type { ImageTokenUsage } from '../../generation/providers/image-provider';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * One ad format to make from an asset: queued → processing → completed | failed. The id is also
 * the queue job's id, the debit's idempotency key (AI extend) and the derived asset's format_job_id.
 */
@Entity('format_jobs')
export class FormatJob {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  /** The original; null once it was deleted. */
  @Column({ type: 'uuid', nullable: true })
  asset_id: string | null;

  @Column({ type: 'varchar', length: 10 })
  format: AdFormatId;

  /** What was asked; the derived asset's method says what was done (a crop that would cut too much is extended). */
  @Column({ type: 'varchar', length: 20 })
  method: FormatMethod;

  @Column({ type: 'varchar', length: 10 })
  fill: FormatFill;

  /** The brand's primary colour, read when the job was requested (fill 'brand'). */
  @Column({ type: 'varchar', length: 7, nullable: true })
  fill_color: string | null;

  @Column({ type: 'varchar', length: 10, default: 'medium' })
  quality: Quality;

  /** AI extend's outpainter, decided at request time ('openai' | 'local'). */
  @Column({ type: 'varchar', length: 20, default: 'local' })
  provider: string;

  /** The model AI extend sent the request to (null for the local renderer). */
  @Column({ type: 'varchar', length: 100, nullable: true })
  model: string | null;

  /** The token usage the provider's API answered for AI extend. */
  @Column({ type: 'jsonb', nullable: true })
  token_usage: ImageTokenUsage | null;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status: FormatJobStatus;

  @Column({ type: 'smallint', default: 0 })
  progress: number;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'integer', default: 0 })
  credits_charged: number;

  @Column({ type: 'integer', default: 0 })
  credits_refunded: number;

  @Column({ type: 'uuid', nullable: true })
  debit_transaction_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  result_asset_id: string | null;

  /** Secret seed of the derived image's storage key: a retry overwrites the same key. */
  @Column({ type: 'varchar', length: 64 })
  storage_seed: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
