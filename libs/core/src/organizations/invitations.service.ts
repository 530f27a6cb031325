import { INVITATION_TTL_DAYS, InvitationStatus, MembershipRole, TEAM_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { hashSecretToken, SECRET_TOKEN_PATTERN } from '../infra/tokens/secret-token';
import { Invitation } from './entities/invitation.entity';
import { Organization } from './entities/organization.entity';
import { InvitationsRepository } from './invitations.repository';
import { InvitationGoneError, InvitationNotFoundError, TeamConflictError } from './organizations.errors';
import { OrganizationsRepository } from './organizations.repository';
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
    private readonly invitationsRepository: InvitationsRepository,
    private readonly organizationsRepository: OrganizationsRepository,
    private readonly organizations: OrganizationsService,
  ) {}

  /** A new invitation, or the renewal of an expired one for the same email; refused while one is pending. */
  async open(manager: EntityManager, input: { organizationId: string; email: string; role: MembershipRole; invitedBy: string }): Promise<Invitation> {
    const existing = await this.invitationsRepository.lockOpenForEmail(input.organizationId, input.email, manager);
    if (existing && invitationStatus(existing) === 'pending') throw new TeamConflictError(TEAM_MESSAGES.alreadyInvited);
    if (existing) {
      existing.role = input.role;
      existing.invited_by = input.invitedBy;
      return this.renew(manager, existing);
    }
    return this.invitationsRepository.insert({ ...input, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS) }, manager);
  }

  /** Pending and expired invitations of the organization, newest first. */
  listOpen(organizationId: string): Promise<Invitation[]> {
    return this.invitationsRepository.findOpen(organizationId);
  }

  countOpen(manager: EntityManager, organizationId: string): Promise<number> {
    return this.invitationsRepository.countOpen(organizationId, manager);
  }

  /** An open invitation of this organization, else 404 (foreign ids included). */
  async openById(manager: EntityManager, organizationId: string, id: string): Promise<Invitation> {
    const invitation = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.invitationsRepository.lockOpenById(organizationId, id, manager)
      : null;
    if (!invitation) throw new InvitationNotFoundError();
    return invitation;
  }

  /** Another 7 days; the link mailed before stops working (the mail job sets a new token). */
  renew(manager: EntityManager, invitation: Invitation): Promise<Invitation> {
    invitation.expires_at = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
    invitation.token_hash = null;
    return this.invitationsRepository.save(invitation, manager);
  }

  /** Whether the invitation was opened or renewed (and so mailed) within the last `seconds`: its expiry is set then, TTL ahead. */
  mailedWithin(invitation: Invitation, seconds: number, now = Date.now()): boolean {
    const mailedAt = invitation.expires_at.getTime() - INVITATION_TTL_DAYS * DAY_MS;
    return now - mailedAt < seconds * 1000;
  }

  async revoke(manager: EntityManager, invitation: Invitation): Promise<void> {
    await this.invitationsRepository.markRevoked(invitation.id, manager);
  }

  /** Called by the mail job: the hash of the token it is about to mail. False when the invitation is no longer open. */
  async setToken(invitationId: string, tokenHash: string): Promise<boolean> {
    return this.invitationsRepository.setTokenHashWhilePending(invitationId, tokenHash);
  }

  findById(id: string): Promise<Invitation | null> {
    return this.invitationsRepository.findById(id);
  }

  /** The invitation a mailed token names (any status), with its organization; null for an unknown token. */
  async byToken(token: string, manager?: EntityManager, lock = false): Promise<{ invitation: Invitation; organization: Organization } | null> {
    if (typeof token !== 'string' || !SECRET_TOKEN_PATTERN.test(token)) return null;
    const invitation = await this.invitationsRepository.findByTokenHash(hashSecretToken(token), manager, lock);
    if (!invitation) return null;
    const organization = await this.organizationsRepository.findById(invitation.organization_id, manager);
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
    await this.invitationsRepository.markAccepted(invitation.id, userId, manager);
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
