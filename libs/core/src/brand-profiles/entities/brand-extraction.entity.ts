import type { BrandData } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { UserMadeOrganizationRow } from '../../infra/database/organization-row';

export type BrandExtractionStatus = 'pending' | 'processing' | 'completed' | 'failed';

/** An image the API accepted and stored for the job to analyse. */
export interface BrandExtractionSource {
  key: string;
  fileName: string | null;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

export interface BrandExtractionResult {
  brandData: BrandData;
  description: string;
  /** Images the job could not decode (their index in `sources`). */
  unreadable: number[];
}

/**
 * One extraction request: reserved (pending) when the API accepts it, which is also what the daily
 * limit counts (failed ones do not count), then processed by the 'brand.extract' job. `id` is the
 * answer's brandDataId.
 */
@Entity('brand_extractions')
export class BrandExtraction extends UserMadeOrganizationRow {
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: BrandExtractionStatus;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  sources: BrandExtractionSource[];

  @Column({ type: 'jsonb', nullable: true })
  result: BrandExtractionResult | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** The profile made from it (automatically, or later with brandDataId). */
  @Column({ type: 'uuid', nullable: true })
  brand_profile_id: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
