import type { MembershipRole } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from '../infra/database/prepared-statements';
import { workingMembershipSql } from '../organizations/memberships.repository';

/** A live session row read with the user its passport id names and the membership that user works in. */
export interface SessionWithUserRow {
  sess: unknown;
  expire: Date;
  /** Null when the session names no user (or one that no longer exists); the user's fields are null then too. */
  user_id: string | null;
  username: string;
  email: string;
  avatar_url: string | null;
  is_admin: boolean;
  created_at: Date;
  organization_id: string | null;
  role: MembershipRole | null;
}

const SESSION_WITH_USER_SQL = `
  SELECT s.sess, s.expire, u.id AS user_id, u.username, u.email, u.avatar_url, u.is_admin, u.created_at, m.organization_id, m.role
    FROM session s
    LEFT JOIN users u ON u.id = (s.sess #>> '{passport,user}')::uuid
    LEFT JOIN LATERAL (${workingMembershipSql('u.id')}) m ON true
   WHERE s.sid = $1 AND s.expire >= now()`;

/**
 * The unexpired session `sid` with its user and their organization and role, in one named prepared
 * statement: it runs on every authenticated request (the HTTP session store calls it on the bare pool).
 */
export async function readSessionWithUser(pool: Pool, sid: string): Promise<SessionWithUserRow | null> {
  const [row] = await queryPrepared<SessionWithUserRow>(pool, SESSION_WITH_USER_SQL, [sid]);
  return row ?? null;
}

/**
 * The session table (connect-pg-simple writes and reads its rows for the HTTP layer; see
 * readSessionWithUser). Here: ending a user's sessions.
 */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes every session of the user but `keepSessionId` when given. */
  async deleteForUser(userId: string, keepSessionId?: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`DELETE FROM session WHERE sess->'passport'->>'user' = $1 AND sid <> $2`, [userId, keepSessionId ?? '']);
  }


  /** Deletes the sessions past their expiry; returns how many. */
  async deleteExpired(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query(`DELETE FROM session WHERE expire < now()`);
    return count;
  }
}
