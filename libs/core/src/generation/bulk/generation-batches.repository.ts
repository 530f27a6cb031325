import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { BulkRowAd } from './bulk-csv';
import { GenerationBatch } from './entities/generation-batch.entity';

/** The generation_batches table's SQL. */
@Injectable()
export class GenerationBatchesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(batch: Pick<GenerationBatch, 'id' | 'organization_id' | 'user_id' | 'name' | 'folder_id' | 'total' | 'jobs'>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.insert(GenerationBatch, batch);
  }

  /** The ads a batch's row asked for, found by the row's generation (null when it asked for none). */
  async findRowAd(batchId: string, generationId: string): Promise<{ ad: BulkRowAd; userId: string | null } | null> {
    const [row]: Array<{ ad: BulkRowAd | null; user_id: string | null }> = await this.dataSource.query(
      `SELECT j->'ad' AS ad, b.user_id FROM generation_batches b CROSS JOIN LATERAL jsonb_array_elements(b.jobs) j
        WHERE b.id = $1 AND j->>'generationId' = $2 LIMIT 1`,
      [batchId, generationId],
    );
    return row?.ad ? { ad: row.ad, userId: row.user_id } : null;
  }

  findForOrganization(organizationId: string, id: string): Promise<GenerationBatch | null> {
    return this.dataSource.manager.findOneBy(GenerationBatch, { id, organization_id: organizationId });
  }
}
