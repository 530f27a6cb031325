import { isUuid } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AssetsRepository } from '../assets/assets.repository';
import type { Asset } from '../assets/entities/asset.entity';
import type { Generation } from './entities/generation.entity';
import { GenerationCursorInvalidError, GenerationNotFoundError } from './generation.errors';
import { GenerationsRepository } from './generations.repository';

export interface GenerationWithAssets {
  generation: Generation;
  /** Its images once completed, in variation order. */
  assets: Asset[];
}

export interface GenerationPage {
  generations: GenerationWithAssets[];
  /** The id of the page's last generation when more follow. */
  nextCursor: string | null;
}

/** Reads of an organization's generations with their images (the public API's GET routes). */
@Injectable()
export class GenerationLookup {
  constructor(private readonly generations: GenerationsRepository, private readonly assets: AssetsRepository) {}

  /** GenerationNotFoundError unless the organization's. */
  async get(organizationId: string, id: string): Promise<GenerationWithAssets> {
    const generation = isUuid(id) ? await this.generations.findForOrganization(organizationId, id) : null;
    if (!generation) throw new GenerationNotFoundError();
    return { generation, assets: await this.assets.findOfGenerations(organizationId, [generation.id]) };
  }

  /** Newest first; `cursor` is the nextCursor of the previous page. */
  async list(organizationId: string, query: { limit: number; cursor?: string }): Promise<GenerationPage> {
    if (query.cursor !== undefined && !isUuid(query.cursor)) throw new GenerationCursorInvalidError();
    if (query.cursor && !(await this.generations.findForOrganization(organizationId, query.cursor))) throw new GenerationCursorInvalidError();
    const rows = await this.generations.pageForOrganization(organizationId, query.limit + 1, query.cursor);
    const page = rows.slice(0, query.limit);
    const assets = await this.assets.findOfGenerations(organizationId, page.map((g) => g.id));
    return {
      generations: page.map((generation) => ({ generation, assets: assets.filter((asset) => asset.generation_id === generation.id) })),
      nextCursor: rows.length > query.limit ? page[page.length - 1].id : null,
    };
  }
}
