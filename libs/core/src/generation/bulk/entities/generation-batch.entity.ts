import type { BulkRowAd } from '../bulk-csv';
import { Column, CreateDateColumn, Entity } from 'typeorm';
import { UserMadeOrganizationRow } from '../../../infra/database/organization-row';

/** A CSV row and the generation made of it. */
export interface GenerationBatchJob {
  /** The CSV line number (header = 1). */
  row: number;
  generationId: string;
  /** The row's ads (copy, layout, placements), made once its picture is stored. */
  ad?: BulkRowAd;
}

/**
 * One bulk generation (a CSV upload): its rows are generations with batch_id = id, their images land
 * in folder_id. `jobs` keeps which CSV row each generation came from.
 */
@Entity('generation_batches')
export class GenerationBatch extends UserMadeOrganizationRow {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'uuid', nullable: true })
  folder_id: string | null;

  /** Number of rows (generations), 1 to 500. */
  @Column({ type: 'integer' })
  total: number;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  jobs: GenerationBatchJob[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
