import { PASSWORD_RESET_TTL_MINUTES, USER_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { User } from '../auth/entities/user.entity';
import { AppConfig } from '../infra/config/app-config';
import { OutboxService } from '../infra/outbox/outbox.service';
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from '../infra/tokens/secret-token';
import { PasswordResetsRepository } from './password-resets.repository';
import { USER_EVENTS } from './users-jobs.names';
import { UsersRepository } from './users.repository';
import { InvalidAccountInputError, TooManyResetRequestsError } from './users.errors';
import { addressKey, RateLimit, RateLimits } from '../infra/rate-limit/rate-limits';

/** Changing a password, and resetting a forgotten one through a mailed, single-use, one-hour token. */
@Injectable()
export class PasswordService {
  private readonly perIp: RateLimit;
  private readonly perEmail: RateLimit;

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly passwordResets: PasswordResetsRepository,
    private readonly auth: AuthService,
    private readonly outbox: OutboxService,
    config: AppConfig,
    limits: RateLimits,
  ) {
    this.perIp = limits.define('reset-ip', config.PASSWORD_RESET_MAX_PER_IP, config.PASSWORD_RESET_WINDOW_SECONDS);
    this.perEmail = limits.define('reset-email', config.PASSWORD_RESET_MAX_PER_EMAIL, config.PASSWORD_RESET_WINDOW_SECONDS);
  }

  /** Checks the current password, sets the new one and ends every other session of the user. */
  async change(userId: string, currentPassword: string, newPassword: string, keepSessionId: string): Promise<void> {
    if ((await this.auth.passwordHashOf(userId)) === null) throw new InvalidAccountInputError(USER_MESSAGES.noPassword);
    if (!(await this.auth.verifyPassword(userId, currentPassword))) throw new InvalidAccountInputError(USER_MESSAGES.currentPasswordWrong);
    if (currentPassword === newPassword) throw new InvalidAccountInputError(USER_MESSAGES.samePassword);
    await this.dataSource.transaction(async (m) => {
      await this.auth.setPassword(m, userId, newPassword);
      await this.auth.endSessions(userId, keepSessionId, m);
    });
  }

  /**
   * Forgot password: the same answer whether the account exists or not. Per IP beyond the limit: 429.
   * Per account beyond its limit: no further mail (and still the same answer).
   */
  async requestReset(email: string, ip: string): Promise<void> {
    const wait = await this.perIp.take(addressKey(ip));
    if (wait !== null) throw new TooManyResetRequestsError(USER_MESSAGES.tooManyResetRequests, wait);
    // Counted per account, whoever asks, whether or not an account has the address (both cases do the
    // same work). Another client using it up does not shut the owner out: those mails went to the owner,
    // and the newest link works for its hour (with the default window, until the window ends).
    if ((await this.perEmail.take(email.trim().toLowerCase())) !== null) return;
    const user = await this.users.findByEmail(email.trim());
    if (!user) return;
    await this.dataSource.transaction((m) => this.outbox.record(m, USER_EVENTS.passwordResetRequested, { userId: user.id }));
  }

  /**
   * Called by the mail job: a new token for the user (hash stored, valid one hour) that retires every
   * earlier open one, so only the newest mailed link works; the raw token goes into the mail only.
   */
  async issueResetToken(userId: string): Promise<string> {
    const { token, hash } = newSecretToken();
    await this.dataSource.transaction(async (m) => {
      // One issue at a time per user: a concurrent one then sees this token and retires it.
      await this.users.lockAgainstOtherWriters(userId, m);
      await this.passwordResets.spendAllOf(userId, m);
      await this.passwordResets.insert(userId, hash, PASSWORD_RESET_TTL_MINUTES, m);
    });
    return token;
  }

  /** Uses the token once: sets the password, spends every other open token of the user and ends all their sessions. */
  async reset(token: string, newPassword: string): Promise<User> {
    if (typeof token !== 'string' || !SECRET_TOKEN_PATTERN.test(token)) throw new InvalidAccountInputError(USER_MESSAGES.resetTokenInvalid);
    const userId = await this.dataSource.transaction(async (m) => {
      const owner = await this.passwordResets.spend(hashSecretToken(token), m);
      if (!owner) throw new InvalidAccountInputError(USER_MESSAGES.resetTokenInvalid);
      await this.passwordResets.spendAllOf(owner, m);
      await this.auth.setPassword(m, owner, newPassword);
      await this.auth.endSessions(owner, undefined, m);
      return owner;
    });
    const user = await this.auth.findUser(userId);
    if (!user) throw new InvalidAccountInputError(USER_MESSAGES.resetTokenInvalid);
    return user;
  }
}
