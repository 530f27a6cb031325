import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { isUuid, folderNameProblem } from '@brandloom/contracts';
import { Folder } from './entities/folder.entity';
import { FolderNameTakenError, FolderNotFoundError, FolderValidationError } from './folders.errors';

/** A folder with the number of assets in it. */
export type FolderWithCount = Folder & { asset_count: number };

const COLUMNS = 'f.id, f.organization_id, f.name, f.created_at, f.updated_at';
/**
 * What the folder shows: its images with their ad formats stacked under their original (the
 * library's stackRootIn rule: an original, or a format whose original is not in this folder).
 */
const ASSET_COUNT = `(SELECT count(*) FROM assets a WHERE a.organization_id = f.organization_id AND a.folder_id = f.id
  AND (a.parent_asset_id IS NULL OR NOT EXISTS (SELECT 1 FROM assets p WHERE p.id = a.parent_asset_id AND p.folder_id = f.id)))::int AS asset_count`;


/**
 * Library folders, always scoped to an organization. Names are trimmed, 1 to 100 characters, and a
 * create or rename never makes two folders of an organization share a name ignoring case (409).
 * Deleting a folder moves its assets to All Assets.
 */
@Injectable()
export class FoldersService {
  constructor(private readonly dataSource: DataSource) {}

  /** Alphabetical (ignoring case), each with its asset count. */
  list(organizationId: string): Promise<FolderWithCount[]> {
    return this.dataSource.query(`SELECT ${COLUMNS}, ${ASSET_COUNT} FROM folders f WHERE f.organization_id = $1 ORDER BY lower(f.name), f.id`, [
      organizationId,
    ]);
  }

  /** The organization's folder, or null (also for a malformed id or another organization's folder). */
  async findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Folder | null> {
    if (!isUuid(id)) return null;
    return manager.findOneBy(Folder, { id, organization_id: organizationId });
  }

  /**
   * Like findForOrganization, but throws FolderNotFoundError (404). With `lock` (inside the caller's
   * transaction) the row is held until commit: 'key share' keeps it from being deleted while assets
   * move into it, 'update' is what deleting it takes.
   */
  async getForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager, lock?: 'key share' | 'update'): Promise<Folder> {
    if (!isUuid(id)) throw new FolderNotFoundError();
    const rows: Folder[] = await manager.query(
      `SELECT ${COLUMNS} FROM folders f WHERE f.id = $1 AND f.organization_id = $2${lock ? ` FOR ${lock.toUpperCase()}` : ''}`,
      [id, organizationId],
    );
    if (rows.length === 0) throw new FolderNotFoundError();
    return rows[0];
  }

  /** A new, empty folder; FolderNameTakenError (409) when the organization has one of that name. */
  async create(organizationId: string, name: string, manager?: EntityManager): Promise<FolderWithCount> {
    const clean = validName(name);
    return this.withNamesLocked(organizationId, manager, async (m) => {
      if (await this.nameTaken(m, organizationId, clean)) throw new FolderNameTakenError();
      return this.insert(m, organizationId, clean);
    });
  }

  /**
   * A new folder named `baseName` (control characters blanked, cut to 90 characters), or
   * `baseName (2)`, `(3)`, ... when taken: for folders the system creates (a bulk batch's), which
   * must never fail because a name is taken.
   */
  async createWithAvailableName(organizationId: string, baseName: string, manager?: EntityManager): Promise<FolderWithCount> {
    // eslint-disable-next-line no-control-regex
    const base = validName([...String(baseName ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()].slice(0, 90).join('').trimEnd());
    return this.withNamesLocked(organizationId, manager, async (m) => {
      for (let n = 1; ; n += 1) {
        const candidate = n === 1 ? base : `${base} (${n})`;
        if (!(await this.nameTaken(m, organizationId, candidate))) return this.insert(m, organizationId, candidate);
      }
    });
  }

  /** Renames; FolderNameTakenError (409) when another folder of the organization has that name. */
  async rename(organizationId: string, id: string, name: string): Promise<FolderWithCount> {
    const clean = validName(name);
    if (!isUuid(id)) throw new FolderNotFoundError();
    return this.withNamesLocked(organizationId, undefined, async (m) => {
      if (await this.nameTaken(m, organizationId, clean, id)) throw new FolderNameTakenError();
      const [rows]: [FolderWithCount[], number] = await m.query(
        `UPDATE folders f SET name = $3, updated_at = now() WHERE f.id = $1 AND f.organization_id = $2 RETURNING ${COLUMNS}, ${ASSET_COUNT}`,
        [id, organizationId, clean],
      );
      if (rows.length === 0) throw new FolderNotFoundError();
      return rows[0];
    });
  }

  /** Deletes the folder and moves its assets to All Assets (folder_id NULL) in one transaction. */
  async delete(organizationId: string, id: string): Promise<{ movedAssets: number }> {
    if (!isUuid(id)) throw new FolderNotFoundError();
    return this.dataSource.transaction(async (m) => {
      // Generations (bulk rows) whose images land here let go of the folder first: the generation
      // pipeline locks a generation row and then references its folder when it adds an asset, so
      // taking the locks in the same order here means the two never deadlock.
      await m.query(`UPDATE generations SET folder_id = NULL WHERE organization_id = $1 AND folder_id = $2`, [organizationId, id]);
      await this.getForOrganization(organizationId, id, m, 'update');
      const [, movedAssets]: [unknown, number] = await m.query(
        `UPDATE assets SET folder_id = NULL, updated_at = now() WHERE organization_id = $1 AND folder_id = $2`,
        [organizationId, id],
      );
      await m.query(`DELETE FROM folders WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
      return { movedAssets };
    });
  }

  /**
   * Runs `work` in a transaction (the caller's, when given) holding the organization's folder-name
   * lock, so that checking a name and writing it cannot interleave with another create or rename.
   * Names are unique by this lock rather than by a unique index: folders the system creates (bulk
   * batches, inserted by their own service) may repeat a name, and must not fail for it.
   */
  private withNamesLocked<T>(organizationId: string, manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return (manager ?? this.dataSource.manager).transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('folders:' || $1::text, 0))`, [organizationId]);
      return work(m);
    });
  }

  /** Served by folders_org_name_idx (organization_id, lower(name)). */
  private async nameTaken(m: EntityManager, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM folders WHERE organization_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid) LIMIT 1`,
      [organizationId, name, exceptId ?? null],
    );
    return rows.length > 0;
  }

  private async insert(m: EntityManager, organizationId: string, name: string): Promise<FolderWithCount> {
    const [row]: Folder[] = await m.query(`INSERT INTO folders (organization_id, name) VALUES ($1, $2) RETURNING id, organization_id, name, created_at, updated_at`, [
      organizationId,
      name,
    ]);
    return { ...row, asset_count: 0 };
  }
}

function validName(name: unknown): string {
  const problem = folderNameProblem(name);
  if (problem) throw new FolderValidationError(problem);
  return (name as string).trim();
}

