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
import { AppConfig } from '../../infra/config/app-config';
import { OrganizationsService } from '../../organizations/organizations.service';
import type { AdNetworkCaller } from '../ad-network.port';
import { MetaConnection } from './entities/meta-connection.entity';
import { MetaConnectionsRepository } from './meta-connections.repository';
import { MetaGraphClient } from './meta-graph.client';
import { MetaNotConfiguredError, MetaNotConnectedError, MetaNotFoundError, MetaPlanRequiredError, MetaTokenExpiredError } from './meta.errors';
import { TokenCipher, TokenDecryptionError } from '../../infra/tokens/token-cipher';

/**
 * An organization's Meta connection: the encrypted long-lived token, the cached ad accounts and
 * pages, campaigns on demand. Only organizations on a plan with the integration may connect,
 * refresh or read campaigns. (The OAuth state is AdNetworkConnections'.)
 */
@Injectable()
export class MetaConnectionService {
  private cipherInstance: TokenCipher | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly graph: MetaGraphClient,
    private readonly organizations: OrganizationsService,
    private readonly connections: MetaConnectionsRepository,
  ) {}

  /** The OAuth dialog URL for this state and callback. */
  loginUrl(state: string, redirectUri: string): string {
    const url = new URL(this.config.metaOAuthDialogUrl);
    url.searchParams.set('client_id', this.config.META_APP_ID!);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', META_SCOPES.join(','));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** Exchanges the callback's code, stores the long-lived token, syncs accounts and pages. */
  async completeLogin(caller: AdNetworkCaller, code: string, redirectUri: string): Promise<void> {
    const shortLived = await this.graph.exchangeCode(code, redirectUri);
    const longLived = await this.graph.longLivedToken(shortLived.access_token);
    const me = await this.graph.me(longLived.access_token);
    await this.connections.upsertConnected({
      organizationId: caller.organizationId,
      connectedBy: caller.userId,
      metaUserId: String(me.id),
      metaUserName: me.name ?? null,
      tokenCiphertext: this.cipher.encrypt(longLived.access_token, caller.organizationId),
      tokenExpiresAt: longLived.expires_in ? new Date(Date.now() + longLived.expires_in * 1000) : null,
    });
    await this.sync(caller.organizationId, longLived.access_token);
  }

  async status(organizationId: string): Promise<MetaStatusResponse> {
    const planAllows = metaAllowedOn(await this.organizations.planTier(organizationId));
    const configured = this.config.metaConfigured;
    const connection = configured && planAllows ? await this.connections.findForOrganization(organizationId) : null;
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
  disconnect(organizationId: string): Promise<void> {
    return this.connections.deleteForOrganization(organizationId);
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
      await this.connections.markExpired(organizationId);
      throw new MetaTokenExpiredError();
    }
    try {
      return await call(token, connection.meta_user_id);
    } catch (error) {
      if (error instanceof MetaTokenExpiredError) await this.connections.markExpired(organizationId);
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
    await this.connections.saveSync(
      organizationId,
      adAccounts,
      pages.map((p) => ({ id: p.id, name: p.name ?? p.id })),
    );
  }

  private async activeConnection(organizationId: string): Promise<MetaConnection> {
    const connection = await this.connections.findForOrganization(organizationId);
    if (!connection) throw new MetaNotConnectedError();
    if (connection.status === 'expired') throw new MetaTokenExpiredError();
    return connection;
  }

  private get cipher(): TokenCipher {
    this.cipherInstance ??= new TokenCipher(this.config.META_TOKEN_KEY!);
    return this.cipherInstance;
  }
}
