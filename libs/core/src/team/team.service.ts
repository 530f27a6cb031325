import {
  isUuid,
  AcceptInvitationResponse,
  canManageTeam,
  InvitationDto,
  InvitationPreviewDto,
  INVITATIONS_MAX_PENDING,
  INVITATION_RESEND_SAME_CLICK_SECONDS,
  Language,
  MembershipRole,
  TEAM_MESSAGES,
  TeamMemberDto,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { toUserDto } from '../auth/user.mapper';
import { OutboxService } from '../infra/outbox/outbox.service';
import { Invitation } from '../organizations/entities/invitation.entity';
import { Membership } from '../organizations/entities/membership.entity';
import { InvitationsService, invitationStatus } from '../organizations/invitations.service';
import { InvitationNotFoundError, MemberNotFoundError, OrganizationNotFoundError, TeamConflictError, TeamPermissionError } from '../organizations/organizations.errors';
import { toOrganizationDto } from '../organizations/organization.mapper';
import { OrganizationsService } from '../organizations/organizations.service';
import { InvitationMailAllowance } from './invitation-mail-allowance';
import { OrganizationRemoval } from './organization-removal';
import { TEAM_EVENTS } from './team-jobs.names';

/** Who is asking: the signed-in user, their organization and role there. */
export interface TeamActor {
  userId: string;
  organizationId: string;
  role: MembershipRole | null;
  /** The language the request asked for (Accept-Language): an invitation mail's, when the inviter chose none. */
  language?: Language | null;
}


/** An organization's people: memberships (organizations) joined with their accounts (auth), invitations, roles. */
@Injectable()
export class TeamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsService,
    private readonly invitations: InvitationsService,
    private readonly auth: AuthService,
    private readonly outbox: OutboxService,
    private readonly removal: OrganizationRemoval,
    private readonly mailAllowance: InvitationMailAllowance,
  ) {}

  /** Members in the order they joined. */
  async members(organizationId: string): Promise<TeamMemberDto[]> {
    const memberships = await this.organizations.memberships(organizationId);
    const users = new Map((await this.auth.findUsers(memberships.map((m) => m.user_id))).map((u) => [u.id, u]));
    return memberships.flatMap((m) => {
      const user = users.get(m.user_id);
      return user ? [{ ...toUserDto(user), role: m.role }] : [];
    });
  }

  /** Changes a member's role: managers only; owners only where an owner is made or unmade; an owner always remains. */
  async changeRole(actor: TeamActor, userId: string, role: MembershipRole): Promise<TeamMemberDto> {
    assertManager(actor);
    await this.dataSource.transaction(async (m) => {
      const memberships = await this.organizations.lockMemberships(m, actor.organizationId);
      const target = findMember(memberships, userId);
      if (target.role === role) return;
      if ((target.role === 'owner' || role === 'owner') && actor.role !== 'owner') throw new TeamPermissionError(TEAM_MESSAGES.ownersOnly);
      if (target.role === 'owner' && ownerCount(memberships) === 1) throw new TeamConflictError(TEAM_MESSAGES.lastOwner);
      await this.organizations.setRole(m, actor.organizationId, userId, role);
    });
    const member = (await this.members(actor.organizationId)).find((m) => m.id === userId);
    if (!member) throw new MemberNotFoundError();
    return member;
  }

  /**
   * Removes a member: their sessions end, and they land in a new organization of their own (no
   * welcome bonus), since a user always belongs to one organization.
   */
  async removeMember(actor: TeamActor, userId: string): Promise<void> {
    assertManager(actor);
    if (userId === actor.userId) throw new TeamConflictError(TEAM_MESSAGES.notSelf);
    await this.dataSource.transaction(async (m) => {
      const memberships = await this.organizations.lockMemberships(m, actor.organizationId);
      const target = findMember(memberships, userId);
      if (target.role === 'owner' && actor.role !== 'owner') throw new TeamPermissionError(TEAM_MESSAGES.ownersOnly);
      if (target.role === 'owner' && ownerCount(memberships) === 1) throw new TeamConflictError(TEAM_MESSAGES.lastOwner);
      await this.organizations.removeMember(m, actor.organizationId, userId);
      const user = await this.auth.findUser(userId);
      await this.organizations.createWithoutBonus(m, userId, user?.username ?? 'My organization');
      await this.auth.endSessions(userId, undefined, m);
    });
  }

  async listInvitations(organizationId: string): Promise<InvitationDto[]> {
    return this.toInvitationDtos(await this.invitations.listOpen(organizationId));
  }

  /** Invites an email with a role; the link is mailed by a job once this commits (within the mail allowance, else 429). */
  async invite(actor: TeamActor, email: string, role: MembershipRole): Promise<InvitationDto> {
    assertManager(actor);
    if (role === 'owner' && actor.role !== 'owner') throw new TeamPermissionError(TEAM_MESSAGES.ownersOnly);
    const invitation = await this.dataSource.transaction(async (m) => {
      // One invitation decision at a time per organization (the pending limit, the same email twice).
      await this.organizations.lockMemberships(m, actor.organizationId);
      if (await this.organizations.hasMemberWithEmail(m, actor.organizationId, email)) throw new TeamConflictError(TEAM_MESSAGES.alreadyMember);
      if ((await this.invitations.countOpen(m, actor.organizationId)) >= INVITATIONS_MAX_PENDING) throw new TeamConflictError(TEAM_MESSAGES.tooManyInvitations);
      return this.mailAllowance.spend(actor.organizationId, email, async () => {
        const opened = await this.invitations.open(m, { organizationId: actor.organizationId, email, role, invitedBy: actor.userId });
        await this.requestMail(m, opened, actor.language);
        return opened;
      });
    });
    return (await this.toInvitationDtos([invitation]))[0];
  }

  /**
   * A new link (the previous one stops working), valid 7 days from now, mailed again (within the mail allowance, else 429). Idempotent
   * under repeated clicks: with the invitation locked, one mailed within the last
   * INVITATION_RESEND_SAME_CLICK_SECONDS is answered as it is (no second link, no second mail).
   */
  async resend(actor: TeamActor, invitationId: string): Promise<InvitationDto> {
    assertManager(actor);
    const invitation = await this.dataSource.transaction(async (m) => {
      const found = await this.invitations.openById(m, actor.organizationId, invitationId);
      if (found.role === 'owner' && actor.role !== 'owner') throw new TeamPermissionError(TEAM_MESSAGES.ownersOnly);
      if (this.invitations.mailedWithin(found, INVITATION_RESEND_SAME_CLICK_SECONDS)) return found;
      return this.mailAllowance.spend(actor.organizationId, found.email, async () => {
        const renewed = await this.invitations.renew(m, found);
        await this.requestMail(m, renewed, actor.language);
        return renewed;
      });
    });
    return (await this.toInvitationDtos([invitation]))[0];
  }

  async revoke(actor: TeamActor, invitationId: string): Promise<void> {
    assertManager(actor);
    await this.dataSource.transaction(async (m) => {
      const found = await this.invitations.openById(m, actor.organizationId, invitationId);
      if (found.role === 'owner' && actor.role !== 'owner') throw new TeamPermissionError(TEAM_MESSAGES.ownersOnly);
      await this.invitations.revoke(m, found);
    });
  }

  /** What the invitation page shows; `viewerId` when someone is signed in. Unknown tokens: 404. */
  async preview(token: string, viewerId: string | null): Promise<InvitationPreviewDto> {
    const found = await this.invitations.byToken(token);
    if (!found) throw new InvitationNotFoundError();
    const { invitation, organization } = found;
    const status = invitationStatus(invitation);
    const inviter = invitation.invited_by ? await this.auth.findUser(invitation.invited_by) : null;
    return {
      organization_name: organization.name,
      email: invitation.email,
      role: invitation.role,
      status,
      valid: status === 'pending',
      invited_by: inviter?.username ?? null,
      expires_at: invitation.expires_at.toISOString(),
      current: viewerId ? await this.acceptEffect(invitation, viewerId) : null,
    };
  }

  /**
   * A signed-in user accepts: they leave their organization (deleted when they were its only
   * member; refused while they are its sole owner with other members) and join the inviting one.
   */
  async accept(userId: string, token: string): Promise<AcceptInvitationResponse> {
    const user = await this.auth.findUser(userId);
    if (!user) throw new InvitationNotFoundError();
    // Decide first whether the current organization goes with the move: its subscription is cancelled before any row changes.
    const before = await this.dataSource.transaction((m) => this.departure(m, userId, token, user.email));
    if (before.deletes) await this.removal.prepare(before.deletes);
    const { organization, role, keys } = await this.dataSource.transaction(async (m) => {
      const { invitation, organization: target } = await this.invitations.usable(m, token, user.email);
      const departure = await this.departure(m, userId, token, user.email);
      if (departure.deletes !== before.deletes) throw new TeamConflictError(TEAM_MESSAGES.invitationInvalid);
      let removedKeys: string[] = [];
      if (departure.current) {
        if (departure.deletes) removedKeys = await this.removal.deleteRow(m, departure.current.organization_id);
        else await this.organizations.removeMember(m, departure.current.organization_id, userId);
      }
      await this.organizations.addMember(m, target.id, userId, invitation.role);
      await this.invitations.markAccepted(m, invitation, userId);
      return { organization: target, role: invitation.role, keys: removedKeys };
    });
    await this.removal.removeFiles(keys);
    const fresh = await this.organizations.findById(organization.id);
    if (!fresh) throw new OrganizationNotFoundError();
    return { organization: toOrganizationDto(fresh), role };
  }

  /** Loads the invitation and the user's current membership, and what leaving it means (locks both). */
  private async departure(m: EntityManager, userId: string, token: string, email: string): Promise<{ current: Membership | null; deletes: string | null }> {
    const { organization: target } = await this.invitations.usable(m, token, email);
    const current = await this.organizations.membershipOf(m, userId, true);
    if (!current) return { current: null, deletes: null };
    if (current.organization_id === target.id) throw new TeamConflictError(TEAM_MESSAGES.alreadyMember);
    const memberships = await this.organizations.lockMemberships(m, current.organization_id);
    if (memberships.length === 1) return { current, deletes: current.organization_id };
    if (current.role === 'owner' && ownerCount(memberships) === 1) throw new TeamConflictError(TEAM_MESSAGES.ownerMustHandOver);
    return { current, deletes: null };
  }

  private async acceptEffect(invitation: Invitation, userId: string): Promise<InvitationPreviewDto['current']> {
    const user = await this.auth.findUser(userId);
    if (!user) return null;
    const membership = await this.organizations.membershipOf(this.dataSource.manager, userId);
    const organization = membership ? await this.organizations.findById(membership.organization_id) : null;
    const memberships = membership ? await this.organizations.memberships(membership.organization_id) : [];
    const alreadyMember = membership?.organization_id === invitation.organization_id;
    const soleOwnerWithOthers = !alreadyMember && membership?.role === 'owner' && memberships.length > 1 && ownerCount(memberships) === 1;
    const emailMatches = user.email.toLowerCase() === invitation.email.toLowerCase();
    return {
      email_matches: emailMatches,
      already_member: alreadyMember,
      organization_name: organization?.name ?? null,
      organization_deleted: !alreadyMember && memberships.length === 1,
      blocked_reason: !emailMatches
        ? TEAM_MESSAGES.invitationEmailMismatch(invitation.email)
        : alreadyMember
          ? TEAM_MESSAGES.alreadyMember
          : soleOwnerWithOthers
            ? TEAM_MESSAGES.ownerMustHandOver
            : null,
    };
  }

  private async requestMail(m: EntityManager, invitation: Invitation, language?: Language | null): Promise<void> {
    await this.outbox.record(m, TEAM_EVENTS.invitationMailRequested, { invitationId: invitation.id, ...(language && { language }) }, invitation.organization_id);
  }

  private async toInvitationDtos(invitations: Invitation[]): Promise<InvitationDto[]> {
    const inviters = new Map((await this.auth.findUsers([...new Set(invitations.flatMap((i) => (i.invited_by ? [i.invited_by] : [])))])).map((u) => [u.id, u]));
    return invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      status: invitationStatus(i),
      invited_by: (i.invited_by && inviters.get(i.invited_by)?.username) || null,
      created_at: new Date(i.created_at).toISOString(),
      expires_at: new Date(i.expires_at).toISOString(),
    }));
  }
}

function assertManager(actor: TeamActor): void {
  if (!canManageTeam(actor.role)) throw new TeamPermissionError(TEAM_MESSAGES.managersOnly);
}

function findMember(memberships: Membership[], userId: string): Membership {
  const target = isUuid(userId) ? memberships.find((m) => m.user_id === userId) : undefined;
  if (!target) throw new MemberNotFoundError();
  return target;
}

const ownerCount = (memberships: Membership[]): number => memberships.filter((m) => m.role === 'owner').length;
