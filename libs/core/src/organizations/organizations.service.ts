import { DEFAULT_PLAN_TIER, MembershipRole, WELCOME_BONUS_CREDITS, WELCOME_BONUS_DESCRIPTION } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CreditsService } from '../credits/credits.service';
import { ORGANIZATION_EVENTS } from './organizations.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { Membership } from './entities/membership.entity';
import { Organization } from './entities/organization.entity';
import { MembershipsRepository } from './memberships.repository';
import { OrganizationNotFoundError } from './organizations.errors';
import { OrganizationsRepository } from './organizations.repository';

export { planTierOf } from './organizations.repository';

export interface OrganizationContext {
  organizationId: string;
  role: MembershipRole;
}


@Injectable()
export class OrganizationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organizationsRepository: OrganizationsRepository,
    private readonly membershipsRepository: MembershipsRepository,
    private readonly outbox: OutboxService,
    private readonly credits: CreditsService,
  ) {}

  /** A first sign-up's organization: owner membership and the welcome bonus, in the caller's transaction. */
  async createForNewUser(manager: EntityManager, ownerId: string, name: string): Promise<Organization> {
    const organization = await this.organizationsRepository.insert({ name, plan_tier: DEFAULT_PLAN_TIER, credits: 0 }, manager);
    await this.membershipsRepository.insert({ organizationId: organization.id, userId: ownerId, role: 'owner' }, manager);
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
    const organization = await this.organizationsRepository.insert({ name, plan_tier: DEFAULT_PLAN_TIER, credits: 0 }, manager);
    await this.membershipsRepository.insert({ organizationId: organization.id, userId: ownerId, role: 'owner' }, manager);
    await this.outbox.record(manager, ORGANIZATION_EVENTS.organizationCreated, { name, ownerId }, organization.id);
    return organization;
  }

  /** The organization a user works in (their oldest membership). */
  async contextFor(userId: string): Promise<OrganizationContext | null> {
    const membership = await this.membershipsRepository.findWorking(userId);
    return membership ? { organizationId: membership.organization_id, role: membership.role } : null;
  }

  /** The organization's plan tier (Starter when it has no subscription), read in the caller's transaction when given. */
  async planTier(organizationId: string, manager?: EntityManager): Promise<string | null> {
    return this.organizationsRepository.planTier(organizationId, manager);
  }

  /** Plan tiers of several organizations at once, by id. */
  async planTiers(organizationIds: string[]): Promise<Map<string, string | null>> {
    return this.organizationsRepository.planTiers(organizationIds);
  }

  async findById(organizationId: string): Promise<Organization | null> {
    return this.organizationsRepository.findById(organizationId);
  }

  /** Name, website and description (already validated); returns the updated organization. */
  async updateDetails(organizationId: string, changes: Partial<Pick<Organization, 'name' | 'website' | 'description'>>): Promise<Organization> {
    await this.organizationsRepository.updateDetails(organizationId, changes);
    return (await this.findById(organizationId))!;
  }

  /** Points the organization at its new logo; returns the previous logo's key (for the caller to remove). */
  async replaceLogo(organizationId: string, logoKey: string): Promise<{ organization: Organization; previousKey: string | null }> {
    return this.dataSource.transaction(async (m) => {
      const organization = await this.organizationsRepository.lockById(organizationId, m);
      if (!organization) throw new OrganizationNotFoundError();
      const previousKey = organization.logo_key;
      organization.logo_key = logoKey;
      return { organization: await this.organizationsRepository.save(organization, m), previousKey };
    });
  }

  /** A user's membership, locked for the caller's transaction when asked. */
  membershipOf(manager: EntityManager, userId: string, lock = false): Promise<Membership | null> {
    return this.membershipsRepository.findOfUser(userId, manager, lock);
  }

  /**
   * Locks every membership of the organization (in the caller's transaction) so that role changes,
   * removals and departures are decided one at a time: the last-owner rule cannot be raced.
   */
  lockMemberships(manager: EntityManager, organizationId: string): Promise<Membership[]> {
    return this.membershipsRepository.lockOfOrganization(organizationId, manager);
  }

  async addMember(manager: EntityManager, organizationId: string, userId: string, role: MembershipRole): Promise<void> {
    await this.membershipsRepository.insert({ organizationId, userId, role }, manager);
  }

  async setRole(manager: EntityManager, organizationId: string, userId: string, role: MembershipRole): Promise<void> {
    await this.membershipsRepository.setRole(organizationId, userId, role, manager);
  }

  async removeMember(manager: EntityManager, organizationId: string, userId: string): Promise<void> {
    await this.membershipsRepository.delete(organizationId, userId, manager);
  }

  /** Whether someone with this email (any case) already belongs to the organization. */
  hasMemberWithEmail(manager: EntityManager, organizationId: string, email: string): Promise<boolean> {
    return this.membershipsRepository.hasMemberWithEmail(organizationId, email, manager);
  }

  /** Memberships in the order people joined (TeamService adds who they are). */
  memberships(organizationId: string): Promise<Membership[]> {
    return this.membershipsRepository.findOfOrganization(organizationId);
  }
}
