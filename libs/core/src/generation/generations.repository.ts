import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** The generations table. */
@Injectable()
export class GenerationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- Removing an organization (team/organization-removal.ts).

  /** The storage keys of the reference images uploaded with the organization's generations. */
  async referenceImageKeysOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { key: string | null }[] = await manager.query(
      `SELECT jsonb_array_elements_text(reference_image_keys) AS key FROM generations WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.flatMap(({ key }) => (key ? [key] : []));
  }
}
