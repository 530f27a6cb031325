import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BrandProfile } from './entities/brand-profile.entity';

/** The brand_profiles table's SQL. */
@Injectable()
export class BrandProfilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The organization's profiles whose id is one of `ids` or whose name, trimmed and lower-cased, is
   * one of `nameKeys` (a bulk CSV's brand_profile cells).
   */
  findByIdsOrNameKeys(organizationId: string, ids: string[], nameKeys: string[]): Promise<Array<Pick<BrandProfile, 'id' | 'name'>>> {
    return this.dataSource.query(`SELECT id, name FROM brand_profiles WHERE organization_id = $1 AND (id = ANY($2::uuid[]) OR lower(btrim(name)) = ANY($3::text[]))`, [
      organizationId,
      ids,
      nameKeys,
    ]);
  }
}
