import {
  META_ACTIVE_ACCOUNT_STATUS,
  META_MESSAGES,
  META_SCOPES,
  metaAllowedOn,
  type MetaAdAccountDto,
  type MetaCampaignsResponse,
  type MetaPageDto,
  type MetaStatusResponse,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { OrganizationsService } from '../organizations/organizations.service';
import { MetaConnection } from './entities/meta-connection.entity';
import { MetaGraph } from './graph/meta-graph';
import { MetaInvalidRequestError, MetaInvalidStateError, MetaNotConfiguredError, MetaNotConnectedError, MetaNotFoundError, MetaPlanRequiredError, MetaTokenExpiredError } from './meta.errors';
import { TokenCipher, TokenDecryptionError } from '../infra/tokens/token-cipher';

const STATE_TTL_MS = 10 * 60_000;

/** Where the OAuth state lives between the redirect to Meta and the callback: the caller's session. */
export interface MetaOAuthSession {
  metaOAuth?: { state: string; organizationId: string; userId: string; expiresAt: number };
}

export interface MetaCaller {
  organizationId: string;
  userId: string;
}

/**
 * An organization's Meta connection: OAuth (state bound to the session, single use, 10 minutes),
 * the encrypted long-lived token, the cached ad accounts and pages, campaigns on demand. Only
 * organizations on a plan with the integration may connect, refresh or read campaigns.
 */
@Injectable()
export class MetaConnectionService {
  private cipherInstance: TokenCipher | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly graph: MetaGraph,
    private readonly organizations: OrganizationsService,
  ) {}

  get redirectUri(): string {
    return `${this.config.appUrl}/api/meta/callback`;
  }

  /** The OAuth dialog URL; its state is kept in the session for the callback. */
  async loginUrl(caller: MetaCaller, session: MetaOAuthSession): Promise<string> {
    await this.assertUsable(caller.organizationId);
    const state = randomBytes(24).toString('base64url');
    session.metaOAuth = { state, organizationId: caller.organizationId, userId: caller.userId, expiresAt: Date.now() + STATE_TTL_MS };
    const url = new URL(this.config.metaOAuthDialogUrl);
    url.searchParams.set('client_id', this.config.META_APP_ID!);
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('scope', META_SCOPES.join(','));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The callback: checks and spends the state, exchanges the code, stores the token, syncs accounts and pages. */
  async completeLogin(session: MetaOAuthSession, code: unknown, state: unknown, providerError?: unknown): Promise<void> {
    const expected = session.metaOAuth;
    delete session.metaOAuth;
    if (!expected || typeof state !== 'string' || !sameText(state, expected.state) || expected.expiresAt < Date.now()) {
      throw new MetaInvalidStateError();
    }
    // The user declined in Meta's dialog (or Meta refused): Meta says why instead of sending a code.
    if (typeof code !== 'string' || code === '' || code.length > 2048) {
      throw new MetaInvalidRequestError(typeof providerError === 'string' && providerError ? providerError.slice(0, 200) : 'Meta did not grant access');
    }
    await this.assertUsable(expected.organizationId);
    const shortLived = await this.graph.exchangeCode(code, this.redirectUri);
    const longLived = await this.graph.longLivedToken(shortLived.access_token);
    const me = await this.graph.me(longLived.access_token);
    const expiresAt = longLived.expires_in ? new Date(Date.now() + longLived.expires_in * 1000) : null;
    await this.dataSource.query(
      `INSERT INTO meta_connections (organization_id, connected_by, meta_user_id, meta_user_name, token_ciphertext, token_expires_at, status, ad_accounts, pages, last_sync, connected_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'active', '[]', '[]', NULL, now(), now())
       ON CONFLICT (organization_id) DO UPDATE SET connected_by = $2, meta_user_id = $3, meta_user_name = $4, token_ciphertext = $5,
         token_expires_at = $6, status = 'active', ad_accounts = '[]', pages = '[]', last_sync = NULL, connected_at = now(), updated_at = now()`,
      [expected.organizationId, expected.userId, String(me.id), me.name ?? null, this.cipher.encrypt(longLived.access_token, expected.organizationId), expiresAt],
    );
    await this.sync(expected.organizationId, longLived.access_token);
  }

  async status(organizationId: string): Promise<MetaStatusResponse> {
    const planAllows = metaAllowedOn(await this.organizations.planTier(organizationId));
    const configured = this.config.metaConfigured;
    const connection = configured && planAllows ? await this.find(organizationId) : null;
    return {
      connected: Boolean(connection && connection.status === 'active'),
      plan_allows: planAllows,
      configured,
      expired: connection?.status === 'expired',
      metaUser: connection ? { id: connection.meta_user_id, name: connection.meta_user_name ?? '' } : null,
      connectedAt: connection ? new Date(connection.connected_at).toISOString() : null,
      adAccounts: connection?.ad_accounts ?? [],
      pages: connection?.pages ?? [],
      lastSync: connection?.last_sync ? new Date(connection.last_sync).toISOString() : null,
    };
  }

  async refresh(organizationId: string): Promise<MetaStatusResponse> {
    await this.assertUsable(organizationId);
    await this.withToken(organizationId, (token) => this.sync(organizationId, token));
    return this.status(organizationId);
  }

  /** Deletes the token and everything cached (the push history stays). */
  async disconnect(organizationId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM meta_connections WHERE organization_id = $1`, [organizationId]);
  }

  async campaigns(organizationId: string, adAccountId: unknown): Promise<MetaCampaignsResponse> {
    await this.assertUsable(organizationId);
    const account = await this.adAccountOf(organizationId, adAccountId);
    return this.withToken(organizationId, async (token) => {
      const [campaigns, adSets] = await Promise.all([this.graph.campaigns(token, account.id), this.graph.adSets(token, account.id)]);
      return {
        campaigns: campaigns.map((c) => ({
          id: c.id,
          name: c.name ?? c.id,
          status: c.status ?? 'UNKNOWN',
          objective: c.objective ?? null,
          adsets: adSets.filter((s) => s.campaign_id === c.id).map((s) => ({ id: s.id, name: s.name ?? s.id, status: s.status ?? 'UNKNOWN' })),
        })),
      };
    });
  }

  /** One of the connection's cached ad accounts (404 otherwise). */
  async adAccountOf(organizationId: string, adAccountId: unknown): Promise<MetaAdAccountDto> {
    const connection = await this.activeConnection(organizationId);
    const account = connection.ad_accounts.find((a) => a.id === adAccountId);
    if (!account) throw new MetaNotFoundError(META_MESSAGES.accountNotFound);
    return account;
  }

  async pageOf(organizationId: string, pageId: unknown): Promise<MetaPageDto> {
    const connection = await this.activeConnection(organizationId);
    const page = connection.pages.find((p) => p.id === pageId);
    if (!page) throw new MetaNotFoundError(META_MESSAGES.pageNotFound);
    return page;
  }

  isActive(account: MetaAdAccountDto): boolean {
    return account.status === META_ACTIVE_ACCOUNT_STATUS;
  }

  /** Runs `call` with the organization's token; Meta refusing it (code 190) marks the connection expired. */
  async withToken<T>(organizationId: string, call: (token: string, metaUserId: string) => Promise<T>): Promise<T> {
    const connection = await this.activeConnection(organizationId);
    let token: string;
    try {
      token = this.cipher.decrypt(connection.token_ciphertext, organizationId);
    } catch (error) {
      if (!(error instanceof TokenDecryptionError)) throw error;
      // A token that no longer decrypts (rotated key, tampered row) is as good as expired.
      await this.markExpired(organizationId);
      throw new MetaTokenExpiredError();
    }
    try {
      return await call(token, connection.meta_user_id);
    } catch (error) {
      if (error instanceof MetaTokenExpiredError) await this.markExpired(organizationId);
      throw error;
    }
  }

  /** 503 when the server has no Meta app, 403 when the plan does not include the integration. */
  async assertUsable(organizationId: string): Promise<void> {
    if (!this.config.metaConfigured) throw new MetaNotConfiguredError();
    if (!metaAllowedOn(await this.organizations.planTier(organizationId))) throw new MetaPlanRequiredError();
  }

  private async sync(organizationId: string, token: string): Promise<void> {
    const [accounts, pages] = await Promise.all([this.graph.adAccounts(token), this.graph.pages(token)]);
    const adAccounts: MetaAdAccountDto[] = accounts.map((a) => ({
      id: a.id.startsWith('act_') ? a.id : `act_${a.account_id ?? a.id}`,
      name: a.name ?? a.id,
      status: typeof a.account_status === 'number' ? a.account_status : Number(a.account_status ?? 0),
      currency: a.currency ?? '',
    }));
    await this.dataSource.query(`UPDATE meta_connections SET ad_accounts = $2, pages = $3, last_sync = now(), updated_at = now() WHERE organization_id = $1`, [
      organizationId,
      JSON.stringify(adAccounts),
      JSON.stringify(pages.map((p) => ({ id: p.id, name: p.name ?? p.id }))),
    ]);
  }

  private async activeConnection(organizationId: string): Promise<MetaConnection> {
    const connection = await this.find(organizationId);
    if (!connection) throw new MetaNotConnectedError();
    if (connection.status === 'expired') throw new MetaTokenExpiredError();
    return connection;
  }

  private find(organizationId: string): Promise<MetaConnection | null> {
    return this.dataSource.getRepository(MetaConnection).findOneBy({ organization_id: organizationId });
  }

  private async markExpired(organizationId: string): Promise<void> {
    await this.dataSource.query(`UPDATE meta_connections SET status = 'expired', updated_at = now() WHERE organization_id = $1`, [organizationId]);
  }

  private get cipher(): TokenCipher {
    this.cipherInstance ??= new TokenCipher(this.config.META_TOKEN_KEY!);
    return this.cipherInstance;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
