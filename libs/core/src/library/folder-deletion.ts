import { isUuid } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AssetsRepository } from '../assets/assets.repository';
import { FolderNotFoundError } from '../folders/folders.errors';
import { FoldersRepository } from '../folders/folders.repository';
import { FoldersService } from '../folders/folders.service';
import { GenerationsRepository } from '../generation/generations.repository';

/**
 * Deleting a library folder: what was in it moves to All Assets (nothing is deleted but the
 * folder). It spans folders, assets and generations, so it is composed here rather than in
 * folders/, which the other two build on.
 */
@Injectable()
export class FolderDeletion {
  constructor(
    private readonly dataSource: DataSource,
    private readonly folders: FoldersService,
    private readonly folderRows: FoldersRepository,
    private readonly assets: AssetsRepository,
    private readonly generations: GenerationsRepository,
  ) {}

  /** Deletes the folder and moves its assets to All Assets (folder_id NULL) in one transaction. */
  async delete(organizationId: string, id: string): Promise<{ movedAssets: number }> {
    if (!isUuid(id)) throw new FolderNotFoundError();
    return this.dataSource.transaction(async (m) => {
      // Generations (bulk rows) whose images land here let go of the folder first: the generation
      // pipeline locks a generation row and then references its folder when it adds an asset, so
      // taking the locks in the same order here means the two never deadlock.
      await this.generations.releaseFolder(organizationId, id, m);
      await this.folders.getForOrganization(organizationId, id, m, 'update');
      const movedAssets = await this.assets.moveOutOfFolder(organizationId, id, m);
      await this.folderRows.deleteForOrganization(organizationId, id, m);
      return { movedAssets };
    });
  }
}
