import { substringPattern } from '../infra/database/substring-pattern';
import { readPage, type Page, type PageQuery } from '../infra/database/page-query';
import { isUuid, type AdminOrganizationDto } from '@brandloom/contracts';
import { Organization } from './entities/organization.entity';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';

// ---------------------------------------------------------------------------------------------
// The money domains' statements on organizations: the credit balance (written only through
// CreditsService, always with a ledger row) and the Stripe customer and plan (billing).
// ---------------------------------------------------------------------------------------------

/** Advisory-lock namespace: one Stripe customer creation per organization at a time. */
const STRIPE_CUSTOMER_LOCK = 7_117_002;

/** A condition that holds while the organization has at least `amount` credits (for a debit's CTEs). */
export const organizationHasCreditsSql = (organizationId: string, amount: string): string =>
  `SELECT 1 FROM organizations WHERE id = ${organizationId} AND credits >= ${amount}`;

/**
 * Takes `amount` credits unless fewer are left (then no row), returning the new balance `credits`.
 * `andWhere` adds a condition (`AND ...`) to the update's WHERE clause.
 */
export const takeOrganizationCreditsSql = (organizationId: string, amount: string, andWhere = ''): string =>
  `UPDATE organizations SET credits = credits - ${amount}, updated_at = now()
       WHERE id = ${organizationId} AND credits >= ${amount}${andWhere ? ` ${andWhere}` : ''}
      RETURNING credits`;

/** SQL for the plan tier of the organization whose id is `organizationId` (a parameter or column), for statements that read it on the way. */
export function planTierOf(organizationId: string): string {
  return `(SELECT plan_tier FROM organizations WHERE id = ${organizationId})`;
}

export interface OrganizationBillingIdentity {
  name: string;
  stripe_customer_id: string | null;
}

export type OrganizationSortColumn = 'id' | 'name' | 'plan_tier' | 'credits' | 'members' | 'created_at';

export type AdminOrganizationRow = Omit<AdminOrganizationDto, 'created_at'> & { created_at: Date };

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- Credits and billing (credits/, billing/) ------------------------------------------------

  /** The credit balance; 0 for an unknown organization. */
  async creditsOf(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const rows: Array<{ credits: number }> = await manager.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    return rows[0]?.credits ?? 0;
  }

  /** The credit balance, with the organization's row locked until the transaction of `manager` ends; 0 for an unknown organization. */
  async lockCredits(organizationId: string, manager: EntityManager): Promise<number> {
    const [row]: Array<{ credits: number }> = await manager.query(`SELECT credits FROM organizations WHERE id = $1 FOR UPDATE`, [organizationId]);
    return row?.credits ?? 0;
  }

  /** Adds `amount` credits (negative takes them, unchecked) and returns the new balance. */
  async addCredits(organizationId: string, amount: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [rows]: [Array<{ credits: number }>, number] = await manager.query(
      `UPDATE organizations SET credits = credits + $2, updated_at = now() WHERE id = $1 RETURNING credits`,
      [organizationId, amount],
    );
    return rows[0].credits;
  }

  async existsWithId(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM organizations WHERE id = $1`, [organizationId]);
    return rows.length > 0;
  }

  /** The name and Stripe customer of an organization, null when it does not exist. */
  async findBillingIdentity(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<OrganizationBillingIdentity | null> {
    const rows: OrganizationBillingIdentity[] = await manager.query(`SELECT name, stripe_customer_id FROM organizations WHERE id = $1`, [organizationId]);
    return rows[0] ?? null;
  }

  async findIdByStripeCustomer(stripeCustomerId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM organizations WHERE stripe_customer_id = $1`, [stripeCustomerId]);
    return rows[0]?.id ?? null;
  }

  /** Serializes Stripe customer creation for one organization until the transaction of `manager` ends. */
  async lockStripeCustomerCreation(organizationId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [STRIPE_CUSTOMER_LOCK, organizationId]);
  }

  async setStripeCustomer(organizationId: string, stripeCustomerId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE organizations SET stripe_customer_id = $2, updated_at = now() WHERE id = $1`, [organizationId, stripeCustomerId]);
  }

  /**
   * Sets the plan tier and the Stripe subscription from the organization's newest subscription
   * with one of `entitledStatuses` and a known product; without one, the plan is Starter.
   */
  async setPlanFromSubscriptions(organizationId: string, entitledStatuses: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `WITH current AS (
         SELECT s.id, p.plan_tier FROM subscriptions s JOIN products p ON p.id = s.product_id
          WHERE s.organization_id = $1 AND s.status = ANY($2)
          ORDER BY s.stripe_created DESC, s.id DESC LIMIT 1)
       UPDATE organizations
          SET plan_tier = COALESCE((SELECT plan_tier FROM current), 'Starter'),
              stripe_subscription_id = (SELECT id FROM current),
              updated_at = now()
        WHERE id = $1`,
      [organizationId, entitledStatuses],
    );
  }

  // --- end of credits and billing ----------------------------------------------------------------


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
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) conditions.push(`o.name ILIKE $${params.push(substringPattern(query.q))} ESCAPE '\\'`);
    if (query.ids) conditions.push(`o.id = ANY($${params.push(query.ids.filter(isUuid))}::uuid[])`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const sort = query.sort === 'members' ? 'members' : `o.${query.sort}`;
    return readPage(
      this.dataSource,
      `SELECT o.id, o.name, o.plan_tier, o.credits, o.created_at, (SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id) AS members
           FROM organizations o ${where} ORDER BY ${sort} ${query.order}, o.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`,
      `SELECT count(*)::int AS total FROM organizations o ${where}`,
      params,
    );
  }
}
