import { AuthService, OrganizationsService, toUserDto } from '@brandloom/core';
import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '../common/session-user';

/** The session stores only the user id; each request reloads the user and their organization. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly auth: AuthService, private readonly organizations: OrganizationsService) {
    super();
  }

  serializeUser(user: SessionUser, done: (err: unknown, id?: string) => void): void {
    done(null, user.id);
  }

  async deserializeUser(id: string, done: (err: unknown, user?: SessionUser | false) => void): Promise<void> {
    try {
      const user = await this.auth.findUser(id);
      if (!user) return done(null, false);
      const context = await this.organizations.contextFor(user.id);
      done(null, { ...toUserDto(user), organizationId: context?.organizationId ?? null, role: context?.role ?? null });
    } catch (error) {
      done(error);
    }
  }
}
