import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** The assets table. */
@Injectable()
export class AssetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- Removing an organization (team/organization-removal.ts).

  /** The storage keys of every original and thumbnail of the organization's assets. */
  async storageKeysOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { key: string | null }[] = await manager.query(
      `SELECT s3_key AS key FROM assets WHERE organization_id = $1 UNION ALL SELECT thumbnail_key FROM assets WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.flatMap(({ key }) => (key ? [key] : []));
  }
}
