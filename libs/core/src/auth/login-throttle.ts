import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../infra/config/app-config';
import { addressKey, RateLimit, RateLimits } from '../infra/rate-limit/rate-limits';
import { TooManyLoginAttemptsError } from './auth.errors';

/** Who is trying to sign in: the client's address and, when it has one, the device cookie of an earlier login. */
export interface LoginClient {
  ip: string;
  deviceToken?: string;
}

/**
 * Failed logins, counted in PostgreSQL (shared by every API instance) so that guessing is bounded
 * while nobody else's failures shut an account's owner out:
 * - per address, whatever the account (LOGIN_MAX_ATTEMPTS_PER_IP);
 * - per account and client, the client being the device a login on this account trusted before
 *   (its cookie) or else the address (LOGIN_MAX_ATTEMPTS_PER_ACCOUNT);
 * - per account across every untrusted client: past LOGIN_ACCOUNT_SLOWDOWN_AFTER failures such
 *   clients may try that account once per LOGIN_ACCOUNT_SLOWDOWN_SECONDS (slowed, not locked).
 * A trusted device only answers for its own counter. A successful login clears the client's counter.
 */
@Injectable()
export class LoginThrottle {
  private readonly perAddress: RateLimit;
  private readonly perClient: RateLimit;
  private readonly perAccount: RateLimit;
  private readonly accountPace: RateLimit;

  constructor(
    private readonly config: AppConfig,
    limits: RateLimits,
  ) {
    const window = config.LOGIN_THROTTLE_WINDOW_SECONDS;
    this.perAddress = limits.define('login-ip', config.LOGIN_MAX_ATTEMPTS_PER_IP, window);
    this.perClient = limits.define('login-account-client', config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT, window);
    this.perAccount = limits.define('login-account', config.LOGIN_ACCOUNT_SLOWDOWN_AFTER, window);
    this.accountPace = limits.define('login-account-pace', 1, config.LOGIN_ACCOUNT_SLOWDOWN_SECONDS);
  }

  /** Throws when this client may not try this account now. */
  async assertAllowed(email: string, client: LoginClient): Promise<void> {
    const account = accountKey(email);
    const device = this.trustedDevice(account, client.deviceToken);
    if (device) {
      refuseAfter(await this.perClient.refusedFor(account, device));
      return;
    }
    const address = addressKey(client.ip);
    const [addressWait, clientWait, underAttack] = await Promise.all([
      this.perAddress.refusedFor(address),
      this.perClient.refusedFor(account, address),
      this.perAccount.refusedFor(account).then((wait) => wait !== null),
    ]);
    refuseAfter(maxWait(addressWait, clientWait));
    if (underAttack) refuseAfter(await this.accountPace.take(account));
  }

  async recordFailure(email: string, client: LoginClient): Promise<void> {
    const account = accountKey(email);
    const device = this.trustedDevice(account, client.deviceToken);
    if (device) {
      await this.perClient.count(account, device);
      return;
    }
    const address = addressKey(client.ip);
    await Promise.all([this.perAddress.count(address), this.perClient.count(account, address), this.perAccount.count(account)]);
  }

  /** Clears the client's counter and returns the device token that makes this client trusted for the account from now on. */
  async recordSuccess(email: string, client: LoginClient): Promise<string> {
    const account = accountKey(email);
    await this.perClient.clear(account, this.trustedDevice(account, client.deviceToken) ?? addressKey(client.ip));
    return this.deviceTokenFor(account);
  }

  /** A new device token for the account: a random id and its signature over the account (no email inside). */
  deviceTokenFor(email: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.sign(id, accountKey(email))}`;
  }

  /** The device id when the token was issued by a login on this account. */
  private trustedDevice(account: string, token: string | undefined): string | null {
    const [id, signature, ...rest] = (token ?? '').split('.');
    if (!id || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(id, account));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? `device:${id}` : null;
  }

  private sign(id: string, account: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET).update(`login-device\n${id}\n${account}`).digest('base64url');
  }
}

const accountKey = (email: string) => email.trim().toLowerCase();

const maxWait = (...waits: Array<number | null>): number | null => {
  const refused = waits.filter((wait): wait is number => wait !== null);
  return refused.length > 0 ? Math.max(...refused) : null;
};

function refuseAfter(seconds: number | null): void {
  if (seconds !== null) throw new TooManyLoginAttemptsError(seconds);
}
