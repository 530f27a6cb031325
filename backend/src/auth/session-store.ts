import { readSessionWithUser, type SessionWithUserRow } from '@brandloom/core';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { IncomingMessage } from 'node:http';
import type { Pool } from 'pg';
import type { SessionUser } from '../common/session-user';

/** A session's expiry is written back at most this often (each request still slides the cookie). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

interface LoadedSession {
  /** Who the session's passport user id resolved to, read in the same statement as the session. */
  user: SessionUser | null;
  expire: number;
}

type Callback<T = unknown> = (err: unknown, value?: T) => void;
type SessionData = session.SessionData & { [LOADED]?: LoadedSession };

const LOADED = Symbol('loaded session');
const loaded = new WeakMap<IncomingMessage, LoadedSession>();

/**
 * The signed-in user (with their organization and role) that this request's session row resolved
 * to, when it names `userId`. Read in the same statement as the session itself, so the session
 * ending (logout, a password change deleting the rows) still takes effect on the next request.
 */
export function loadedSessionUser(req: IncomingMessage, userId: string): SessionUser | undefined {
  const user = loaded.get(req)?.user;
  return user?.id === userId ? user : undefined;
}

/**
 * connect-pg-simple's store, with the authenticated request floor cut from four queries (session,
 * user, membership, expiry update) to one prepared statement: the session row is read joined with its user and first
 * membership, and the sliding expiry is written at most once per SESSION_TOUCH_INTERVAL_MS.
 */
export function createSessionStore(pool: Pool, maxAgeMs: number): session.Store {
  const PgStore = connectPgSimple(session);

  class JoinedSessionStore extends PgStore {
    override get(sid: string, done: Callback<SessionData | null>): void {
      readSessionWithUser(pool, sid).then(
        (row) => {
          if (!row) return done(null, null);
          const data = row.sess as SessionData;
          data[LOADED] = { user: row.user_id ? toSessionUser(row) : null, expire: new Date(row.expire).getTime() };
          done(null, data);
        },
        (error) => done(error),
      );
    }

    override createSession(req: IncomingMessage & { session?: unknown }, data: SessionData): session.Session & Partial<session.SessionData> {
      const loadedSession = data[LOADED];
      if (loadedSession) {
        delete data[LOADED];
        loaded.set(req, loadedSession);
      }
      return super.createSession(req as never, data);
    }

    override touch(sid: string, data: session.SessionData & { req?: IncomingMessage }, done?: (err?: unknown) => void): void {
      const stored = data.req ? loaded.get(data.req)?.expire : undefined;
      // Written less than a minute ago: the row outlives the cookie's new expiry by at most that.
      if (stored !== undefined && stored > Date.now() + maxAgeMs - SESSION_TOUCH_INTERVAL_MS) return done?.();
      super.touch(sid, data, done);
    }
  }

  return new JoinedSessionStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: false });
}

function toSessionUser(row: SessionWithUserRow): SessionUser {
  return {
    id: row.user_id!,
    username: row.username,
    email: row.email,
    avatar_url: row.avatar_url,
    is_admin: row.is_admin,
    created_at: new Date(row.created_at).toISOString(),
    organizationId: row.organization_id,
    role: row.role,
  };
}
