import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class AssetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's assets created in (from, split] (previous) and (split, to] (current). */
  async countCreatedAround(
    organizationId: string,
    period: { from: Date; split: Date; to: Date },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ current: number; previous: number }> {
    const [row]: { current: number; previous: number }[] = await manager.query(
      `SELECT count(*) FILTER (WHERE created_at > $2)::int AS current,
              count(*) FILTER (WHERE created_at <= $2)::int AS previous
         FROM assets WHERE organization_id = $1 AND created_at > $3 AND created_at <= $4`,
      [organizationId, period.split, period.from, period.to],
    );
    return row;
  }

  // --- Administrators' reads (admin console) ---

  async countAll(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM assets`);
    return count;
  }
}
