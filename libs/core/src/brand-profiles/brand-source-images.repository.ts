import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

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
}
