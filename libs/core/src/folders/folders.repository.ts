import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Folder } from './entities/folder.entity';

/** A folder with the number of assets in it. */
export type FolderWithCount = Folder & { asset_count: number };

const COLUMNS = 'f.id, f.organization_id, f.name, f.created_at, f.updated_at';
/**
 * What the folder shows: its images with their ad formats stacked under their original (the
 * library's stackRootIn rule: an original, or a format whose original is not in this folder).
 */
const ASSET_COUNT = `(SELECT count(*) FROM assets a WHERE a.organization_id = f.organization_id AND a.folder_id = f.id
  AND (a.parent_asset_id IS NULL OR NOT EXISTS (SELECT 1 FROM assets p WHERE p.id = a.parent_asset_id AND p.folder_id = f.id)))::int AS asset_count`;

/** The folders table's SQL, always scoped to an organization. */
@Injectable()
export class FoldersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Alphabetical (ignoring case), each with its asset count. */
  listWithCounts(organizationId: string): Promise<FolderWithCount[]> {
    return this.dataSource.query(`SELECT ${COLUMNS}, ${ASSET_COUNT} FROM folders f WHERE f.organization_id = $1 ORDER BY lower(f.name), f.id`, [organizationId]);
  }

  findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Folder | null> {
    return manager.findOneBy(Folder, { id, organization_id: organizationId });
  }

  /**
   * The organization's folder or null; with `lock` (inside the caller's transaction) the row is
   * held until commit: 'key share' keeps it from being deleted, 'update' is what deleting it takes.
   */
  async findColumnsForOrganization(organizationId: string, id: string, lock?: 'key share' | 'update', manager: EntityManager = this.dataSource.manager): Promise<Folder | null> {
    const rows: Folder[] = await manager.query(`SELECT ${COLUMNS} FROM folders f WHERE f.id = $1 AND f.organization_id = $2${lock ? ` FOR ${lock.toUpperCase()}` : ''}`, [
      id,
      organizationId,
    ]);
    return rows[0] ?? null;
  }

  /** Holds the organization's folder-name lock until the caller's transaction ends. */
  async lockNames(organizationId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('folders:' || $1::text, 0))`, [organizationId]);
  }

  /** Whether another folder of the organization (not `exceptId`) has this name, ignoring case; served by folders_org_name_idx. */
  async nameTaken(organizationId: string, name: string, exceptId: string | null, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM folders WHERE organization_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid) LIMIT 1`,
      [organizationId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(organizationId: string, name: string, manager: EntityManager = this.dataSource.manager): Promise<Folder> {
    const [row]: Folder[] = await manager.query(`INSERT INTO folders (organization_id, name) VALUES ($1, $2) RETURNING id, organization_id, name, created_at, updated_at`, [
      organizationId,
      name,
    ]);
    return row;
  }

  /** The renamed folder with its asset count, or null when the organization has no such folder. */
  async rename(organizationId: string, id: string, name: string, manager: EntityManager = this.dataSource.manager): Promise<FolderWithCount | null> {
    const [rows]: [FolderWithCount[], number] = await manager.query(
      `UPDATE folders f SET name = $3, updated_at = now() WHERE f.id = $1 AND f.organization_id = $2 RETURNING ${COLUMNS}, ${ASSET_COUNT}`,
      [id, organizationId, name],
    );
    return rows[0] ?? null;
  }

  async deleteForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`DELETE FROM folders WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
  }
}
