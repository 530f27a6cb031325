import {
  META_MESSAGES,
  type AdminMetaWarningDto,
  type MetaCampaignsResponse,
  type MetaPushAcceptedResponse,
  type MetaPushDto,
  type MetaPushRequest,
  type MetaPushResponse,
  type MetaStatusResponse,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { AdInsights, AdNetworkAdapter, AdNetworkCaller, AdNetworkWire } from '../ad-network.port';
import { MetaConnectionService } from './meta-connection.service';
import { MetaGraphClient, type GraphAdInsights } from './meta-graph.client';
import { MetaGraphWarnings } from './meta-graph-warnings';
import { MetaPushService } from './meta-push.service';
import { MetaPushesRepository } from './meta-pushes.repository';
import { MetaResultsSync, type ResultsSyncOutcome } from './meta-results.sync';
import { MetaInvalidRequestError, MetaInvalidStateError, MetaNotFoundError } from './meta.errors';

/** Meta's wire types (libs/contracts/src/meta.ts), as its routes answer them. */
export interface MetaWire extends AdNetworkWire {
  status: MetaStatusResponse;
  campaigns: MetaCampaignsResponse;
  pushRequest: MetaPushRequest;
  pushAnswer: MetaPushResponse | MetaPushAcceptedResponse;
  push: MetaPushDto;
}

/** Graph object ids are digits. */
const GRAPH_ID = /^[0-9]{1,64}$/;

/** Meta (Facebook and Instagram ads, through the Graph Marketing API) as an ad network. */
@Injectable()
export class MetaAdNetwork implements AdNetworkAdapter<MetaWire> {
  readonly name = 'meta';

  constructor(
    private readonly connections: MetaConnectionService,
    private readonly pushes: MetaPushService,
    private readonly pushRows: MetaPushesRepository,
    private readonly graph: MetaGraphClient,
    private readonly warnings: MetaGraphWarnings,
    private readonly results: MetaResultsSync,
  ) {}

  assertUsable(organizationId: string): Promise<void> {
    return this.connections.assertUsable(organizationId);
  }

  authorizationUrl(state: string, redirectUri: string): string {
    return this.connections.loginUrl(state, redirectUri);
  }

  invalidStateError(): Error {
    return new MetaInvalidStateError();
  }

  declinedError(reason: string | null): Error {
    return new MetaInvalidRequestError(reason ?? 'Meta did not grant access');
  }

  completeConnection(caller: AdNetworkCaller, code: string, redirectUri: string): Promise<void> {
    return this.connections.completeLogin(caller, code, redirectUri);
  }

  status(organizationId: string): Promise<MetaStatusResponse> {
    return this.connections.status(organizationId);
  }

  refresh(organizationId: string): Promise<MetaStatusResponse> {
    return this.connections.refresh(organizationId);
  }

  disconnect(organizationId: string): Promise<void> {
    return this.connections.disconnect(organizationId);
  }

  listCampaigns(organizationId: string, adAccountId: unknown): Promise<MetaCampaignsResponse> {
    return this.connections.campaigns(organizationId, adAccountId);
  }

  pushCreative(caller: AdNetworkCaller, request: MetaPushRequest): Promise<MetaPushResponse | MetaPushAcceptedResponse> {
    return this.pushes.push(caller, request);
  }

  listPushes(organizationId: string): Promise<MetaPushDto[]> {
    return this.pushes.list(organizationId);
  }

  getPush(organizationId: string, pushId: string): Promise<MetaPushDto> {
    return this.pushes.get(organizationId, pushId);
  }

  /** The Graph insights edge of an ad the organization pushed, over the ad's whole life. */
  async readInsights(organizationId: string, adId: string): Promise<AdInsights> {
    await this.connections.assertUsable(organizationId);
    const push = GRAPH_ID.test(adId) ? await this.pushRows.findByAd(organizationId, adId) : null;
    if (!push) throw new MetaNotFoundError(META_MESSAGES.adNotFound);
    const row = await this.connections.withToken(organizationId, (token) => this.graph.adInsights(token, adId));
    const currency = row?.account_currency ?? (await this.connections.adAccountOf(organizationId, push.ad_account_id).then((a) => a.currency, () => ''));
    return toInsights(adId, row, currency);
  }

  /** Reads the pushed ads' daily results when the organization is connected (nothing to read otherwise). */
  async syncResults(organizationId: string): Promise<ResultsSyncOutcome> {
    await this.connections.assertUsable(organizationId);
    return this.results.syncOrganization(organizationId);
  }

  warningsForAdministrators(): Promise<AdminMetaWarningDto[]> {
    return this.warnings.forAdministrators();
  }
}

function toInsights(adId: string, row: GraphAdInsights | null, currency: string): AdInsights {
  const figure = (value: string | undefined) => {
    const parsed = Number(value ?? 0);
    return Number.isFinite(parsed) ? parsed : 0;
  };
  return {
    adId,
    impressions: figure(row?.impressions),
    reach: figure(row?.reach),
    clicks: figure(row?.clicks),
    spend: figure(row?.spend),
    currency,
    ctr: figure(row?.ctr),
    dateStart: row?.date_start ?? null,
    dateStop: row?.date_stop ?? null,
  };
}

declare module '../ad-network.port' {
  interface AdNetworkAdapters {
    meta: MetaAdNetwork;
  }
}
