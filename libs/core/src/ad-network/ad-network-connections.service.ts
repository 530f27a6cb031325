import { Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../infra/config/app-config';
import type { AdNetworkCallback, AdNetworkCaller, AdNetworkOAuthSession } from './ad-network.port';
import { AdNetworks } from './ad-network.registry';

const STATE_TTL_MS = 10 * 60_000;
const CODE_MAX_LENGTH = 2048;
const PROVIDER_ERROR_MAX_LENGTH = 200;

/**
 * Connecting an organization to an ad network, the same for every network: the OAuth state is
 * bound to the caller's session, single use and valid 10 minutes; the network sends the browser
 * back to /api/<network>/callback, whose code the adapter exchanges for the organization's token.
 */
@Injectable()
export class AdNetworkConnections {
  constructor(
    private readonly config: AppConfig,
    private readonly networks: AdNetworks,
  ) {}

  redirectUri(network: string): string {
    return `${this.config.appUrl}/api/${network}/callback`;
  }

  /** The network's OAuth dialog URL; its state is kept in the session for the callback. */
  async start(network: string, caller: AdNetworkCaller, session: AdNetworkOAuthSession): Promise<string> {
    const adapter = this.networks.get(network);
    await adapter.assertUsable(caller.organizationId);
    const state = randomBytes(24).toString('base64url');
    session[`${adapter.name}OAuth`] = { state, organizationId: caller.organizationId, userId: caller.userId, expiresAt: Date.now() + STATE_TTL_MS };
    return adapter.authorizationUrl(state, this.redirectUri(adapter.name));
  }

  /** The callback: checks and spends the state, then lets the adapter exchange the code and store the token. */
  async finish(network: string, session: AdNetworkOAuthSession, callback: AdNetworkCallback): Promise<void> {
    const adapter = this.networks.get(network);
    const key = `${adapter.name}OAuth` as const;
    const expected = session[key];
    delete session[key];
    const { code, state, providerError } = callback;
    if (!expected || typeof state !== 'string' || !sameText(state, expected.state) || expected.expiresAt < Date.now()) {
      throw adapter.invalidStateError();
    }
    // The user declined in the network's dialog (or it refused): it says why instead of sending a code.
    if (typeof code !== 'string' || code === '' || code.length > CODE_MAX_LENGTH) {
      throw adapter.declinedError(typeof providerError === 'string' && providerError ? providerError.slice(0, PROVIDER_ERROR_MAX_LENGTH) : null);
    }
    await adapter.assertUsable(expected.organizationId);
    await adapter.completeConnection({ organizationId: expected.organizationId, userId: expected.userId }, code, this.redirectUri(adapter.name));
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
