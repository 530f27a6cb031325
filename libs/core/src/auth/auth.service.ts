import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { AUTH_EVENTS } from './auth.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { InvitationsService } from '../organizations/invitations.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersRepository } from '../users/users.repository';
import { EmailTakenError, InvalidCredentialsError } from './auth.errors';
import { User } from './entities/user.entity';
import { LoginClient, LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';

export interface RegisterInput {
  email: string;
  password: string;
  username?: string;
  /** The caller's address: sign-ups are throttled per IP. Absent for the app's own accounts (demo seeding). */
  ip?: string;
  /** Sign-up through an invitation: the account joins that organization (no organization of its own, no bonus). */
  invitationToken?: string;
}

export interface GoogleProfile {
  googleId: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  avatarUrl?: string;
}

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly registrations: RegistrationThrottle,
    private readonly outbox: OutboxService,
    private readonly organizations: OrganizationsService,
    private readonly invitations: InvitationsService,
  ) {}

  /** Creates the user, their organization (owner) and the welcome bonus in one transaction. */
  async register(input: RegisterInput): Promise<User> {
    return input.ip === undefined ? this.createPasswordUser(input) : this.registrations.run(input.ip, () => this.createPasswordUser(input));
  }

  private async createPasswordUser(input: RegisterInput): Promise<User> {
    const passwordHash = await this.hasher.hash(input.password);
    const email = input.email.trim();
    const username = input.username?.trim() || email.split('@')[0];
    try {
      return await this.dataSource.transaction((m) => this.createUser(m, { email, username, password_hash: passwordHash }, input.invitationToken));
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
      throw error;
    }
  }

  /**
   * Checks a password login against the throttles (see LoginThrottle). Answers the user and the
   * device token that makes this client trusted for the account on its next logins.
   */
  async login(email: string, password: string, client: LoginClient): Promise<{ user: User; deviceToken: string }> {
    await this.throttle.assertAllowed(email, client);
    const user = await this.users.findByEmailWithPasswordHash(email.trim());
    if (!user || !(await this.hasher.verify(user.password_hash, password))) {
      await this.throttle.recordFailure(email, client);
      throw new InvalidCredentialsError();
    }
    const deviceToken = await this.throttle.recordSuccess(email, client);
    user.password_hash = null;
    return { user, deviceToken };
  }

  /** A device token for an account whose owner just proved who they are another way (sign-up, password reset). */
  trustDevice(email: string): string {
    return this.throttle.deviceTokenFor(email);
  }

  /**
   * Signs in with Google: the known Google account, else links a verified email, else signs up.
   * A sign-up from `ip` counts against the same per-IP throttle as password sign-ups.
   */
  async loginWithGoogle(profile: GoogleProfile, ip?: string): Promise<User> {
    return this.dataSource.transaction(async (m) => {
      const byGoogleId = await this.users.findByGoogleId(profile.googleId, m);
      if (byGoogleId) return byGoogleId;
      const byEmail = await this.users.lockByEmail(profile.email, m);
      if (byEmail) {
        if (!profile.emailVerified) throw new InvalidCredentialsError('Google did not verify this email address');
        // We never verified that the password's owner controls this address; Google did. So the
        // Google account takes it over: the password and every existing session stop working.
        byEmail.google_id = profile.googleId;
        byEmail.password_hash = null;
        byEmail.avatar_url ??= profile.avatarUrl ?? null;
        await this.sessions.deleteForUser(byEmail.id, undefined, m);
        return this.users.save(byEmail, m);
      }
      const signUp = () =>
        this.createUser(m, {
          email: profile.email,
          username: profile.name?.trim() || profile.email.split('@')[0],
          google_id: profile.googleId,
          avatar_url: profile.avatarUrl ?? null,
        });
      return ip === undefined ? signUp() : this.registrations.run(ip, signUp);
    });
  }

  findUser(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  findUsers(ids: string[]): Promise<User[]> {
    return this.users.findByIds(ids);
  }

  /** Sets a user's administrator status in the caller's transaction (the admin console). */
  async setAdminById(m: EntityManager, userId: string, isAdmin: boolean): Promise<void> {
    await this.users.setAdminById(userId, isAdmin, m);
  }

  /** Grants administrator rights (the `admin:grant` script). Returns false for an unknown email. */
  async setAdmin(email: string, isAdmin = true): Promise<boolean> {
    return this.users.setAdminByEmail(email.trim(), isAdmin);
  }

  /** Password hash of the user (null for a Google-only account). */
  async passwordHashOf(userId: string, manager?: EntityManager): Promise<string | null> {
    return this.users.passwordHashOf(userId, manager);
  }

  /** True when `password` is the user's password (false for Google-only accounts). */
  async verifyPassword(userId: string, password: string): Promise<boolean> {
    return this.hasher.verify(await this.passwordHashOf(userId), password);
  }

  async setPassword(manager: EntityManager, userId: string, password: string): Promise<void> {
    await this.users.setPasswordHash(userId, await this.hasher.hash(password), manager);
  }

  /** Ends the user's sessions (all of them, or all but `keepSessionId`). */
  async endSessions(userId: string, keepSessionId?: string, manager?: EntityManager): Promise<void> {
    await this.sessions.deleteForUser(userId, keepSessionId, manager);
  }

  private async createUser(m: EntityManager, fields: Partial<User> & Pick<User, 'email' | 'username'>, invitationToken?: string): Promise<User> {
    const user = await this.users.insert(fields, m);
    const organization = invitationToken
      ? await this.invitations.joinOnSignUp(m, invitationToken, user)
      : await this.organizations.createForNewUser(m, user.id, user.username);
    await this.outbox.record(m, AUTH_EVENTS.userRegistered, { userId: user.id, email: user.email }, organization.id);
    user.password_hash = null;
    return user;
  }
}
