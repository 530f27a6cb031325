import { INVITATION_TTL_DAYS, InvitationStatus, MembershipRole, TEAM_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '../infra/tokens/secret-token';
import { Invitation } from './entities/invitation.entity';
import { Organization } from './entities/organization.entity';
import { InvitationGoneError, InvitationNotFoundError, TeamConflictError } from './organizations.errors';
import { OrganizationsService } from './organizations.service';

const DAY_MS = 24 * 3600 * 1000;

export function invitationStatus(invitation: Invitation, now = new Date()): InvitationStatus {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  return invitation.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** The message for an invitation that can no longer be used. */
export function invitationGoneMessage(status: InvitationStatus): string {
  if (status === 'accepted') return TEAM_MESSAGES.invitationUsed;
  if (status === 'revoked') return TEAM_MESSAGES.invitationRevoked;
  return TEAM_MESSAGES.invitationExpired;
}

/** Invitations to join an organization: rows and their rules (who may send them is TeamService's business). */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsService,
  ) {}

  /** A new invitation, or the renewal of an expired one for the same email; refused while one is pending. */
  async open(manager: EntityManager, input: { organizationId: string; email: string; role: MembershipRole; invitedBy: string }): Promise<Invitation> {
    const existing = await manager
      .getRepository(Invitation)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where('i.organization_id = :org AND lower(i.email) = lower(:email) AND i.accepted_at IS NULL AND i.revoked_at IS NULL', { org: input.organizationId, email: input.email })
      .getOne();
    if (existing && invitationStatus(existing) === 'pending') throw new TeamConflictError(TEAM_MESSAGES.alreadyInvited);
    if (existing) {
      existing.role = input.role;
      existing.invited_by = input.invitedBy;
      return this.renew(manager, existing);
    }
    return manager.save(
      manager.create(Invitation, {
        organization_id: input.organizationId,
        email: input.email,
        role: input.role,
        invited_by: input.invitedBy,
        token_hash: null,
        expires_at: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
      }),
    );
  }

  /** Pending and expired invitations of the organization, newest first. */
  listOpen(organizationId: string): Promise<Invitation[]> {
    return this.dataSource.getRepository(Invitation).find({
      where: { organization_id: organizationId, accepted_at: IsNull(), revoked_at: IsNull() },
      order: { created_at: 'DESC' },
    });
  }

  countOpen(manager: EntityManager, organizationId: string): Promise<number> {
    return manager.count(Invitation, { where: { organization_id: organizationId, accepted_at: IsNull(), revoked_at: IsNull() } });
  }

  /** An open invitation of this organization, else 404 (foreign ids included). */
  async openById(manager: EntityManager, organizationId: string, id: string): Promise<Invitation> {
    const invitation = /^[0-9a-f-]{36}$/i.test(id)
      ? await manager.findOne(Invitation, { where: { id, organization_id: organizationId, accepted_at: IsNull(), revoked_at: IsNull() }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!invitation) throw new InvitationNotFoundError();
    return invitation;
  }

  /** Another 7 days; the link mailed before stops working (the mail job sets a new token). */
  renew(manager: EntityManager, invitation: Invitation): Promise<Invitation> {
    invitation.expires_at = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
    invitation.token_hash = null;
    return manager.save(invitation);
  }

  /** Whether the invitation was opened or renewed (and so mailed) within the last `seconds`: its expiry is set then, TTL ahead. */
  mailedWithin(invitation: Invitation, seconds: number, now = Date.now()): boolean {
    const mailedAt = invitation.expires_at.getTime() - INVITATION_TTL_DAYS * DAY_MS;
    return now - mailedAt < seconds * 1000;
  }

  async revoke(manager: EntityManager, invitation: Invitation): Promise<void> {
    await manager.update(Invitation, { id: invitation.id }, { revoked_at: new Date() });
  }

  /** Called by the mail job: the hash of the token it is about to mail. False when the invitation is no longer open. */
  async setToken(invitationId: string, tokenHash: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Invitation)
      .set({ token_hash: tokenHash })
      .where('id = :id AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()', { id: invitationId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  findById(id: string): Promise<Invitation | null> {
    return this.dataSource.getRepository(Invitation).findOneBy({ id });
  }

  /** The invitation a mailed token names (any status), with its organization; null for an unknown token. */
  async byToken(token: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<{ invitation: Invitation; organization: Organization } | null> {
    if (typeof token !== 'string' || !SECRET_TOKEN_PATTERN.test(token)) return null;
    const invitation = await manager.findOne(Invitation, {
      where: { token_hash: hashSecretToken(token) },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!invitation) return null;
    const organization = await manager.findOneBy(Organization, { id: invitation.organization_id });
    return organization ? { invitation, organization } : null;
  }

  /** The invitation behind a token, locked, if it can still be accepted by `email`; else the reason as an error. */
  async usable(manager: EntityManager, token: string, email: string): Promise<{ invitation: Invitation; organization: Organization }> {
    const found = await this.byToken(token, manager, true);
    if (!found) throw new InvitationGoneError(TEAM_MESSAGES.invitationInvalid);
    const status = invitationStatus(found.invitation);
    if (status !== 'pending') throw new InvitationGoneError(invitationGoneMessage(status));
    if (found.invitation.email.toLowerCase() !== email.trim().toLowerCase()) {
      throw new TeamConflictError(TEAM_MESSAGES.invitationEmailMismatch(found.invitation.email));
    }
    return found;
  }

  async markAccepted(manager: EntityManager, invitation: Invitation, userId: string): Promise<void> {
    await manager.update(Invitation, { id: invitation.id }, { accepted_at: new Date(), accepted_by: userId });
  }

  /**
   * Sign-up through an invitation (AuthService.register, in its transaction): the new user joins
   * the inviting organization with the invited role; no organization of their own, no bonus.
   */
  async joinOnSignUp(manager: EntityManager, token: string, user: { id: string; email: string }): Promise<Organization> {
    const { invitation, organization } = await this.usable(manager, token, user.email);
    await this.organizations.addMember(manager, organization.id, user.id, invitation.role);
    await this.markAccepted(manager, invitation, user.id);
    return organization;
  }
}
