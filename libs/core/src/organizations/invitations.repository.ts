import type { MembershipRole } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Invitation } from './entities/invitation.entity';

/** The invitations table. "Open" means neither accepted nor revoked (pending or expired). */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    fields: { organizationId: string; email: string; role: MembershipRole; invitedBy: string; expiresAt: Date },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Invitation> {
    return manager.save(
      manager.create(Invitation, {
        organization_id: fields.organizationId,
        email: fields.email,
        role: fields.role,
        invited_by: fields.invitedBy,
        token_hash: null,
        expires_at: fields.expiresAt,
      }),
    );
  }

  /** Writes the changed fields of a loaded invitation. */
  save(invitation: Invitation, manager: EntityManager = this.dataSource.manager): Promise<Invitation> {
    return manager.save(invitation);
  }

  /** The organization's open invitation for this email (any case), locked in the caller's transaction. */
  lockOpenForEmail(organizationId: string, email: string, manager: EntityManager): Promise<Invitation | null> {
    return manager
      .getRepository(Invitation)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where('i.organization_id = :org AND lower(i.email) = lower(:email) AND i.accepted_at IS NULL AND i.revoked_at IS NULL', { org: organizationId, email })
      .getOne();
  }

  /** The organization's open invitations, newest first. */
  findOpen(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<Invitation[]> {
    return manager.find(Invitation, {
      where: { organization_id: organizationId, accepted_at: IsNull(), revoked_at: IsNull() },
      order: { created_at: 'DESC' },
    });
  }

  countOpen(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    return manager.count(Invitation, { where: { organization_id: organizationId, accepted_at: IsNull(), revoked_at: IsNull() } });
  }

  /** The organization's open invitation with this id, locked in the caller's transaction. */
  lockOpenById(organizationId: string, id: string, manager: EntityManager): Promise<Invitation | null> {
    return manager.findOne(Invitation, { where: { id, organization_id: organizationId, accepted_at: IsNull(), revoked_at: IsNull() }, lock: { mode: 'pessimistic_write' } });
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Invitation | null> {
    return manager.findOneBy(Invitation, { id });
  }

  /** The invitation whose mailed token hashes to `tokenHash` (any status), locked for the caller's transaction when asked. */
  findByTokenHash(tokenHash: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<Invitation | null> {
    return manager.findOne(Invitation, { where: { token_hash: tokenHash }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** Stores the hash of the token about to be mailed; false when the invitation is no longer open or has expired. */
  async setTokenHashWhilePending(invitationId: string, tokenHash: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(Invitation)
      .set({ token_hash: tokenHash })
      .where('id = :id AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()', { id: invitationId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async markRevoked(invitationId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(Invitation, { id: invitationId }, { revoked_at: new Date() });
  }

  async markAccepted(invitationId: string, userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(Invitation, { id: invitationId }, { accepted_at: new Date(), accepted_by: userId });
  }
}
