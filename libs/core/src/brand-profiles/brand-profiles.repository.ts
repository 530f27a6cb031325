import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BrandProfile } from './entities/brand-profile.entity';

export type NewBrandProfile = Pick<BrandProfile, 'organization_id' | 'user_id' | 'name' | 'description' | 'brand_data'>;

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


  async findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<BrandProfile | null> {
    return manager.findOneBy(BrandProfile, { id, organization_id: organizationId });
  }

  /** The organization's profiles, newest first. */
  async listForOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<BrandProfile[]> {
    return manager.find(BrandProfile, { where: { organization_id: organizationId }, order: { created_at: 'DESC', id: 'DESC' } });
  }

  async countForOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM brand_profiles WHERE organization_id = $1`, [organizationId]);
    return count;
  }

  /**
   * Serialises the organization's profile creations until the transaction ends (a transaction-scoped
   * advisory lock): concurrent creations queue here, then count.
   */
  async lockCreationsOf(organizationId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`brand_profiles:${organizationId}`]);
  }

  async insert(fields: NewBrandProfile, manager: EntityManager = this.dataSource.manager): Promise<BrandProfile> {
    return manager.save(manager.create(BrandProfile, { ...fields, asset_count: 0 }));
  }

  async update(organizationId: string, id: string, changes: QueryDeepPartialEntity<BrandProfile>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(BrandProfile, { id, organization_id: organizationId }, changes);
  }

  async delete(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(BrandProfile, { id, organization_id: organizationId });
  }

  /**
   * asset_count = the profile's assets now, under a lock on the profile taken first (so the count
   * reads what committed before it). False when the profile is gone.
   */
  async recountAssets(profileId: string, manager: EntityManager): Promise<boolean> {
    const locked: unknown[] = await manager.query(`SELECT id FROM brand_profiles WHERE id = $1 FOR UPDATE`, [profileId]);
    if (locked.length === 0) return false;
    await manager.query(
      `UPDATE brand_profiles SET asset_count = (SELECT count(*)::int FROM assets WHERE brand_profile_id = $1)
        WHERE id = $1 AND asset_count IS DISTINCT FROM (SELECT count(*)::int FROM assets WHERE brand_profile_id = $1)`,
      [profileId],
    );
    return true;
  }

  /** recountAssets for every profile of the organization (locked in id order). */
  async recountAssetsOfOrganization(organizationId: string, manager: EntityManager): Promise<void> {
    const profiles: Array<{ id: string }> = await manager.query(`SELECT id FROM brand_profiles WHERE organization_id = $1 ORDER BY id FOR UPDATE`, [organizationId]);
    if (profiles.length === 0) return;
    await manager.query(
      `UPDATE brand_profiles p SET asset_count = COALESCE(c.n, 0)
         FROM brand_profiles q LEFT JOIN (SELECT brand_profile_id, count(*)::int AS n FROM assets WHERE organization_id = $1 AND brand_profile_id IS NOT NULL GROUP BY brand_profile_id) c
           ON c.brand_profile_id = q.id
        WHERE p.id = q.id AND p.organization_id = $1 AND p.asset_count IS DISTINCT FROM COALESCE(c.n, 0)`,
      [organizationId],
    );
  }
}
