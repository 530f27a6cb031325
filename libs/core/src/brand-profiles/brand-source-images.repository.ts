import { BrandSourceImage } from './entities/brand-source-image.entity';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';

export type NewBrandSourceImage = Pick<
  BrandSourceImage,
  'organization_id' | 'extraction_id' | 'position' | 'file_name' | 's3_key' | 'thumbnail_key' | 'content_type' | 'width' | 'height' | 'file_size'
>;

/** Image order within a profile: as the extraction request gave them. */
const IMAGE_ORDER = { position: 'ASC', created_at: 'ASC' } as const;

/** The brand_source_images table. */
@Injectable()
export class BrandSourceImagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- Removing an organization (team/organization-removal.ts).

  /** The storage keys of every original and thumbnail of the organization's brand source images. */
  async storageKeysOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { key: string | null }[] = await manager.query(
      `SELECT s3_key AS key FROM brand_source_images WHERE organization_id = $1 UNION ALL SELECT thumbnail_key FROM brand_source_images WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.flatMap(({ key }) => (key ? [key] : []));
  }


  /** The images of the profiles, each profile's in order. */
  async findForProfiles(profileIds: string[], manager: EntityManager = this.dataSource.manager): Promise<BrandSourceImage[]> {
    return manager.find(BrandSourceImage, { where: { brand_profile_id: In(profileIds) }, order: IMAGE_ORDER });
  }

  /** The profile's first `limit` images. */
  async findFirstOfProfile(profileId: string, limit: number, manager: EntityManager = this.dataSource.manager): Promise<BrandSourceImage[]> {
    return manager.find(BrandSourceImage, { where: { brand_profile_id: profileId }, order: IMAGE_ORDER, take: limit });
  }

  async findForProfileOfOrganization(organizationId: string, profileId: string, manager: EntityManager = this.dataSource.manager): Promise<BrandSourceImage[]> {
    return manager.find(BrandSourceImage, { where: { brand_profile_id: profileId, organization_id: organizationId } });
  }

  /** Gives the extraction's images that belong to no profile yet to `profileId`. */
  async attachExtractionToProfile(organizationId: string, extractionId: string, profileId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(BrandSourceImage, { extraction_id: extractionId, organization_id: organizationId, brand_profile_id: IsNull() }, { brand_profile_id: profileId });
  }

  /** Inserts the image unless its original is recorded already (a retried job). */
  async insertUnlessStored(image: NewBrandSourceImage, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO brand_source_images (organization_id, extraction_id, position, file_name, s3_key, thumbnail_key, content_type, width, height, file_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (s3_key) DO NOTHING`,
      [image.organization_id, image.extraction_id, image.position, image.file_name, image.s3_key, image.thumbnail_key, image.content_type, image.width, image.height, image.file_size],
    );
  }

  /** Deletes the images no profile took, older than `hours`; returns their storage keys. */
  async deleteUnclaimedOlderThan(hours: number, manager: EntityManager = this.dataSource.manager): Promise<Array<{ s3_key: string; thumbnail_key: string | null }>> {
    const [rows] = (await manager.query(
      `DELETE FROM brand_source_images WHERE brand_profile_id IS NULL AND created_at < now() - make_interval(hours => $1) RETURNING s3_key, thumbnail_key`,
      [hours],
    )) as [Array<{ s3_key: string; thumbnail_key: string | null }>, number];
    return rows;
  }
}
