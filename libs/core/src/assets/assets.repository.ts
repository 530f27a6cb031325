import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { Asset } from './entities/asset.entity';

@Injectable()
export class AssetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The images the organization's generations made (not their ad formats), in variation order. */
  async findOfGenerations(organizationId: string, generationIds: string[]): Promise<Asset[]> {
    if (generationIds.length === 0) return [];
    return this.dataSource.getRepository(Asset).find({
      where: { organization_id: organizationId, generation_id: In(generationIds), parent_asset_id: IsNull() },
      order: { generation_id: 'ASC', variation_index: 'ASC' },
    });
  }
}
