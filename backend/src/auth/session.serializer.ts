import { AuthService, OrganizationsService, toUserDto } from '@brandloom/core';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import passport from 'passport';
import type { SessionUser } from '../common/session-user';
import { loadedSessionUser } from './session-store';

type Done<T> = (err: unknown, value?: T) => void;

/**
 * The session stores only the user id; each request reloads the user and their organization (the
 * session store reads them in the same statement as the session).
 *
 * passport is a process-wide singleton and keeps every serializer ever registered. Several apps
 * in one process (the e2e tests build one per suite) would otherwise answer each other's
 * requests from the first app's database, even after that app is closed; so each serializer
 * handles only the requests of its own HTTP server and passes the others on ('pass').
 */
@Injectable()
export class SessionSerializer {
  constructor(
    private readonly auth: AuthService,
    private readonly organizations: OrganizationsService,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    passport.serializeUser<string>((req: IncomingMessage, user: Express.User, done: Done<string>) =>
      this.ownsRequest(req) ? this.serializeUser(user, done) : done('pass'),
    );
    passport.deserializeUser<string>((req: IncomingMessage, id: string, done: Done<SessionUser | false>) =>
      this.ownsRequest(req) ? void this.deserializeUser(id, done, req) : done('pass'),
    );
  }

  serializeUser(user: Pick<SessionUser, 'id'>, done: Done<string>): void {
    done(null, user.id);
  }

  async deserializeUser(id: string, done: Done<SessionUser | false>, req?: IncomingMessage): Promise<void> {
    // Usually the session store read the user with the session already (one query per request).
    const loaded = req && loadedSessionUser(req, id);
    if (loaded) return done(null, loaded);
    try {
      const user = await this.auth.findUser(id);
      if (!user) return done(null, false);
      const context = await this.organizations.contextFor(user.id);
      done(null, { ...toUserDto(user), organizationId: context?.organizationId ?? null, role: context?.role ?? null });
    } catch (error) {
      done(error);
    }
  }

  /** Express sets req.app to the application that is handling the request. */
  private ownsRequest(req: IncomingMessage): boolean {
    return (req as IncomingMessage & { app?: unknown }).app === this.adapterHost.httpAdapter?.getInstance();
  }
}
