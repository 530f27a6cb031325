import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Generation } from './entities/generation.entity';

@Injectable()
export class GenerationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's generation with that id, or null (another organization's id too). */
  async findForOrganization(organizationId: string, id: string): Promise<Generation | null> {
    return this.dataSource.getRepository(Generation).findOneBy({ id, organization_id: organizationId });
  }

  /**
   * The organization's generations, newest first, keyset-paged on (created_at, id) after the
   * generation `afterId` (one of the organization's); `limit` rows at most.
   */
  async pageForOrganization(organizationId: string, limit: number, afterId?: string): Promise<Generation[]> {
    const qb = this.dataSource.getRepository(Generation).createQueryBuilder('g').where('g.organization_id = :organizationId', { organizationId });
    if (afterId) {
      qb.andWhere('(g.created_at, g.id) < (SELECT c.created_at, c.id FROM generations c WHERE c.id = :afterId AND c.organization_id = :organizationId)', { afterId });
    }
    return qb.orderBy('g.created_at', 'DESC').addOrderBy('g.id', 'DESC').limit(limit).getMany();
  }
}
