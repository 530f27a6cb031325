import type { MembershipRole } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Membership } from './entities/membership.entity';

/**
 * SQL for the membership a user works in (their oldest), for statements that read it on the way
 * (the session read joins it): `userId` is a parameter or a column.
 */
export const workingMembershipSql = (userId: string): string =>
  `SELECT organization_id, role FROM memberships WHERE user_id = ${userId} ORDER BY created_at ASC LIMIT 1`;

/** The memberships table: who belongs to which organization, with which role. */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(membership: { organizationId: string; userId: string; role: MembershipRole }, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.insert(Membership, { organization_id: membership.organizationId, user_id: membership.userId, role: membership.role });
  }

  /** The membership the user works in (their oldest). */
  async findWorking(userId: string, manager: EntityManager = this.dataSource.manager): Promise<{ organization_id: string; role: MembershipRole } | null> {
    const [row]: { organization_id: string; role: MembershipRole }[] = await manager.query(workingMembershipSql('$1'), [userId]);
    return row ?? null;
  }

  /** A user's membership, locked for the caller's transaction when asked. */
  findOfUser(userId: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<Membership | null> {
    return manager.findOne(Membership, { where: { user_id: userId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  /** The organization's memberships in the order people joined. */
  findOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<Membership[]> {
    return manager.find(Membership, { where: { organization_id: organizationId }, order: { created_at: 'ASC' } });
  }

  /** The organization's memberships in the order people joined, locked in the caller's transaction. */
  lockOfOrganization(organizationId: string, manager: EntityManager): Promise<Membership[]> {
    return manager.find(Membership, { where: { organization_id: organizationId }, order: { created_at: 'ASC' }, lock: { mode: 'pessimistic_write' } });
  }

  /** Whether someone with this email (any case) is a member of the organization. */
  async hasMemberWithEmail(organizationId: string, email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM memberships ms JOIN users u ON u.id = ms.user_id WHERE ms.organization_id = $1 AND lower(u.email) = lower($2)`,
      [organizationId, email],
    );
    return rows.length > 0;
  }

  async setRole(organizationId: string, userId: string, role: MembershipRole, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(Membership, { organization_id: organizationId, user_id: userId }, { role });
  }

  async delete(organizationId: string, userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(Membership, { organization_id: organizationId, user_id: userId });
  }
}
