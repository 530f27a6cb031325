import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { isUuid, folderNameProblem } from '@brandloom/contracts';
import { Folder } from './entities/folder.entity';
import { FoldersRepository, type FolderWithCount } from './folders.repository';
import { FolderNameTakenError, FolderNotFoundError, FolderValidationError } from './folders.errors';

/**
 * Library folders, always scoped to an organization. Names are trimmed, 1 to 100 characters, and a
 * create or rename never makes two folders of an organization share a name ignoring case (409).
 * Deleting a folder moves its assets to All Assets (library/folder-deletion.ts).
 */
@Injectable()
export class FoldersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly folders: FoldersRepository,
  ) {}

  /** Alphabetical (ignoring case), each with its asset count. */
  list(organizationId: string): Promise<FolderWithCount[]> {
    return this.folders.listWithCounts(organizationId);
  }

  /** The organization's folder, or null (also for a malformed id or another organization's folder). */
  async findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<Folder | null> {
    if (!isUuid(id)) return null;
    return this.folders.findForOrganization(organizationId, id, manager);
  }

  /**
   * Like findForOrganization, but throws FolderNotFoundError (404). With `lock` (inside the caller's
   * transaction) the row is held until commit: 'key share' keeps it from being deleted while assets
   * move into it, 'update' is what deleting it takes.
   */
  async getForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager, lock?: 'key share' | 'update'): Promise<Folder> {
    if (!isUuid(id)) throw new FolderNotFoundError();
    const folder = await this.folders.findColumnsForOrganization(organizationId, id, lock, manager);
    if (!folder) throw new FolderNotFoundError();
    return folder;
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
      const renamed = await this.folders.rename(organizationId, id, clean, m);
      if (!renamed) throw new FolderNotFoundError();
      return renamed;
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
      await this.folders.lockNames(organizationId, m);
      return work(m);
    });
  }

  private nameTaken(m: EntityManager, organizationId: string, name: string, exceptId?: string): Promise<boolean> {
    return this.folders.nameTaken(organizationId, name, exceptId ?? null, m);
  }

  private async insert(m: EntityManager, organizationId: string, name: string): Promise<FolderWithCount> {
    return { ...(await this.folders.insert(organizationId, name, m)), asset_count: 0 };
  }
}

function validName(name: unknown): string {
  const problem = folderNameProblem(name);
  if (problem) throw new FolderValidationError(problem);
  return (name as string).trim();
}

