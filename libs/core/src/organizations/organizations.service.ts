import { DEFAULT_PLAN_TIER, MembershipRole, WELCOME_BONUS_CREDITS, WELCOME_BONUS_DESCRIPTION } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { CreditsService } from '../credits/credits.service';
import { ORGANIZATION_EVENTS } from './organizations.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { Membership } from './entities/membership.entity';
import { Organization } from './entities/organization.entity';

export interface OrganizationContext {
  organizationId: string;
  role: MembershipRole;
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

  /** The organization a user works in (their oldest membership). */
  async contextFor(userId: string): Promise<OrganizationContext | null> {
    const membership = await this.dataSource.getRepository(Membership).findOne({ where: { user_id: userId }, order: { created_at: 'ASC' } });
    return membership ? { organizationId: membership.organization_id, role: membership.role } : null;
  }

  /** The organization's plan tier (Starter when it has no subscription), read in the caller's transaction when given. */
  async planTier(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const organization = await manager.findOne(Organization, { where: { id: organizationId }, select: { id: true, plan_tier: true } });
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

  /** Memberships in the order people joined (TeamService adds who they are). */
  memberships(organizationId: string): Promise<Membership[]> {
    return this.dataSource.getRepository(Membership).find({ where: { organization_id: organizationId }, order: { created_at: 'ASC' } });
  }
}
