import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { Organization } from './entities/organization.entity';

/** SQL for the plan tier of the organization whose id is `organizationId` (a parameter or column), for statements that read it on the way. */
export function planTierOf(organizationId: string): string {
  return `(SELECT plan_tier FROM organizations WHERE id = ${organizationId})`;
}

/** The organizations table. */
@Injectable()
export class OrganizationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- The organization's row: creation, details, logo, plan tier reads, removal (accounts).

  async insert(fields: Pick<Organization, 'name' | 'plan_tier' | 'credits'>, manager: EntityManager = this.dataSource.manager): Promise<Organization> {
    return manager.save(manager.create(Organization, fields));
  }

  findById(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<Organization | null> {
    return manager.findOneBy(Organization, { id: organizationId });
  }

  /** The organization, locked for the caller's transaction. */
  lockById(organizationId: string, manager: EntityManager): Promise<Organization | null> {
    return manager.findOne(Organization, { where: { id: organizationId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Writes the changed fields of a loaded organization; answers it with its new update time. */
  save(organization: Organization, manager: EntityManager = this.dataSource.manager): Promise<Organization> {
    return manager.save(organization);
  }

  async updateDetails(organizationId: string, changes: Partial<Pick<Organization, 'name' | 'website' | 'description'>>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(Organization, { id: organizationId }, changes);
  }

  /** Renames the organization and sets its plan tier outright (the demo organization). */
  async renameWithPlanTier(organizationId: string, name: string, planTier: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE organizations SET name = $2, plan_tier = $3 WHERE id = $1`, [organizationId, name, planTier]);
  }

  async planTier(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    // Read on every generation request: a plain statement, no entity to build.
    const [organization]: Array<{ plan_tier: string | null }> = await manager.query(`SELECT plan_tier FROM organizations WHERE id = $1`, [organizationId]);
    return organization?.plan_tier ?? null;
  }

  async planTiers(organizationIds: string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, string | null>> {
    if (organizationIds.length === 0) return new Map();
    const rows = await manager.find(Organization, { where: { id: In(organizationIds) }, select: { id: true, plan_tier: true } });
    return new Map(rows.map((o) => [o.id, o.plan_tier ?? null]));
  }

  /** The storage key of the organization's logo (null for none or an unknown organization). */
  async logoKeyOf(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row]: { logo_key: string | null }[] = await manager.query(`SELECT logo_key FROM organizations WHERE id = $1`, [organizationId]);
    return row?.logo_key ?? null;
  }

  /** Deletes the row; its memberships, ledger, assets, profiles, subscriptions and Meta connection go with it (ON DELETE CASCADE). */
  async deleteById(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(Organization, { id: organizationId });
  }
}
