import { DEFAULT_PLAN_TIER, MembershipRole, WELCOME_BONUS_CREDITS, WELCOME_BONUS_DESCRIPTION } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { CreditsService } from '../credits/credits.service';
import { ORGANIZATION_EVENTS } from './organizations.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { Membership } from './entities/membership.entity';
import { Organization } from './entities/organization.entity';
import { OrganizationNotFoundError } from './organizations.errors';

export interface OrganizationContext {
  organizationId: string;
  role: MembershipRole;
}

/** SQL for the plan tier of the organization whose id is `organizationId` (a parameter or column), for statements that read it on the way. */
export function planTierOf(organizationId: string): string {
  return `(SELECT plan_tier FROM organizations WHERE id = ${organizationId})`;
}

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly credits: CreditsService,
  ) {}

  /** A first sign-up's organization: owner membership and the welcome bonus, in the caller's transaction. */
  async createForNewUser(manager: EntityManager, ownerId: string, name: string): Promise<Organization> {
    const organization = await manager.save(manager.create(Organization, { name, plan_tier: DEFAULT_PLAN_TIER, credits: 0 }));
    await manager.insert(Membership, { organization_id: organization.id, user_id: ownerId, role: 'owner' });
    await this.outbox.record(manager, ORGANIZATION_EVENTS.organizationCreated, { name, ownerId }, organization.id);
    const { balance } = await this.credits.grant(
      {
        organizationId: organization.id,
        amount: WELCOME_BONUS_CREDITS,
        type: 'bonus',
        description: WELCOME_BONUS_DESCRIPTION,
        idempotencyKey: 'welcome-bonus',
        reference: { type: 'signup', id: ownerId },
      },
      manager,
    );
    organization.credits = balance;
    return organization;
  }

  /** A fresh organization without the welcome bonus: where a member removed from a team lands (one organization per user). */
  async createWithoutBonus(manager: EntityManager, ownerId: string, name: string): Promise<Organization> {
    const organization = await manager.save(manager.create(Organization, { name, plan_tier: DEFAULT_PLAN_TIER, credits: 0 }));
    await manager.insert(Membership, { organization_id: organization.id, user_id: ownerId, role: 'owner' });
    await this.outbox.record(manager, ORGANIZATION_EVENTS.organizationCreated, { name, ownerId }, organization.id);
    return organization;
  }

  /** The organization a user works in (their oldest membership). */
  async contextFor(userId: string): Promise<OrganizationContext | null> {
    const membership = await this.dataSource.getRepository(Membership).findOne({ where: { user_id: userId }, order: { created_at: 'ASC' } });
    return membership ? { organizationId: membership.organization_id, role: membership.role } : null;
  }

  /** The organization's plan tier (Starter when it has no subscription), read in the caller's transaction when given. */
  async planTier(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    // Read on every generation request: a plain statement, no entity to build.
    const [organization]: Array<{ plan_tier: string | null }> = await manager.query(`SELECT plan_tier FROM organizations WHERE id = $1`, [organizationId]);
    return organization?.plan_tier ?? null;
  }

  /** Plan tiers of several organizations at once, by id. */
  async planTiers(organizationIds: string[]): Promise<Map<string, string | null>> {
    if (organizationIds.length === 0) return new Map();
    const rows = await this.dataSource.getRepository(Organization).find({ where: { id: In(organizationIds) }, select: { id: true, plan_tier: true } });
    return new Map(rows.map((o) => [o.id, o.plan_tier ?? null]));
  }

  async findById(organizationId: string): Promise<Organization | null> {
    return this.dataSource.getRepository(Organization).findOneBy({ id: organizationId });
  }

  /** Name, website and description (already validated); returns the updated organization. */
  async updateDetails(organizationId: string, changes: Partial<Pick<Organization, 'name' | 'website' | 'description'>>): Promise<Organization> {
    await this.dataSource.getRepository(Organization).update({ id: organizationId }, changes);
    return (await this.findById(organizationId))!;
  }

  /** Points the organization at its new logo; returns the previous logo's key (for the caller to remove). */
  async replaceLogo(organizationId: string, logoKey: string): Promise<{ organization: Organization; previousKey: string | null }> {
    return this.dataSource.transaction(async (m) => {
      const organization = await m.findOne(Organization, { where: { id: organizationId }, lock: { mode: 'pessimistic_write' } });
      if (!organization) throw new OrganizationNotFoundError();
      const previousKey = organization.logo_key;
      organization.logo_key = logoKey;
      return { organization: await m.save(organization), previousKey };
    });
  }

  /** Deletes the organization row; its memberships, ledger, assets, profiles, subscriptions and ad-network connections go with it (ON DELETE CASCADE). */
  async deleteRow(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.delete(Organization, { id: organizationId });
  }

  /** A user's membership, locked for the caller's transaction when asked. */
  membershipOf(manager: EntityManager, userId: string, lock = false): Promise<Membership | null> {
    return manager.findOne(Membership, { where: { user_id: userId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /**
   * Locks every membership of the organization (in the caller's transaction) so that role changes,
   * removals and departures are decided one at a time: the last-owner rule cannot be raced.
   */
  lockMemberships(manager: EntityManager, organizationId: string): Promise<Membership[]> {
    return manager.find(Membership, { where: { organization_id: organizationId }, order: { created_at: 'ASC' }, lock: { mode: 'pessimistic_write' } });
  }

  async addMember(manager: EntityManager, organizationId: string, userId: string, role: MembershipRole): Promise<void> {
    await manager.insert(Membership, { organization_id: organizationId, user_id: userId, role });
  }

  async setRole(manager: EntityManager, organizationId: string, userId: string, role: MembershipRole): Promise<void> {
    await manager.update(Membership, { organization_id: organizationId, user_id: userId }, { role });
  }

  async removeMember(manager: EntityManager, organizationId: string, userId: string): Promise<void> {
    await manager.delete(Membership, { organization_id: organizationId, user_id: userId });
  }

  /** Memberships in the order people joined (TeamService adds who they are). */
  memberships(organizationId: string): Promise<Membership[]> {
    return this.dataSource.getRepository(Membership).find({ where: { organization_id: organizationId }, order: { created_at: 'ASC' } });
  }
}
