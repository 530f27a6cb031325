import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { GenerationBatch } from './entities/generation-batch.entity';

/** The generation_batches table's SQL. */
@Injectable()
export class GenerationBatchesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(batch: Pick<GenerationBatch, 'id' | 'organization_id' | 'user_id' | 'name' | 'folder_id' | 'total' | 'jobs'>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.insert(GenerationBatch, batch);
  }

  findForOrganization(organizationId: string, id: string): Promise<GenerationBatch | null> {
    return this.dataSource.manager.findOneBy(GenerationBatch, { id, organization_id: organizationId });
  }
}
