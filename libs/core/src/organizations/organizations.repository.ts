import type { AdminOrganizationDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Page, PageQuery } from '../infra/database/page-query';
import { substringPattern } from '../infra/database/substring-pattern';

export type OrganizationSortColumn = 'name' | 'plan_tier' | 'credits' | 'members' | 'created_at';

export type AdminOrganizationRow = Omit<AdminOrganizationDto, 'created_at'> & { created_at: Date };

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM organizations WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  // --- Administrators' reads (admin console) ---

  async countAll(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM organizations`);
    return count;
  }

  /** One page of organizations with their member counts (search in the name), and how many match. */
  async adminPage(query: PageQuery<OrganizationSortColumn>): Promise<Page<AdminOrganizationRow>> {
    const where = query.q ? `WHERE o.name ILIKE $1 ESCAPE '\\'` : '';
    const params = query.q ? [substringPattern(query.q)] : [];
    const sort = query.sort === 'members' ? 'members' : `o.${query.sort}`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT o.id, o.name, o.plan_tier, o.credits, o.created_at, (SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id) AS members
           FROM organizations o ${where} ORDER BY ${sort} ${query.order}, o.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM organizations o ${where}`, params),
    ]);
    return { rows, total };
  }
}
