import type { AdminMetaWarningDto } from '@brandloom/contracts';
import type { Type } from '@nestjs/common';
import type { JobName } from '../infra/queue/queue.port';

/** Who acts: the signed-in user within their organization. */
export interface AdNetworkCaller {
  organizationId: string;
  userId: string;
}

/** The OAuth state a network's dialog must send back, kept in the caller's session until its callback. */
export interface AdNetworkOAuthState {
  state: string;
  organizationId: string;
  userId: string;
  expiresAt: number;
}

/** The session as ad networks use it: one pending OAuth state per network, under `<network>OAuth`. */
export type AdNetworkOAuthSession = { [key: `${string}OAuth`]: AdNetworkOAuthState | undefined };

/** What a network's callback brought back (query parameters, unchecked). */
export interface AdNetworkCallback {
  code: unknown;
  state: unknown;
  /** The network's reason when the user declined (or it refused) instead of sending a code. */
  providerError?: unknown;
}

/** An ad's delivery figures over its lifetime, as the network reports them. */
export interface AdInsights {
  adId: string;
  impressions: number;
  reach: number;
  clicks: number;
  /** In the ad account's currency. */
  spend: number;
  currency: string;
  /** Clicks per impression, as a percentage. */
  ctr: number;
  /** The period the figures cover (YYYY-MM-DD), null before the ad delivered at all. */
  dateStart: string | null;
  dateStop: string | null;
}

/**
 * What one network's answers look like on the wire (its status, campaigns, push request and push),
 * so a controller gets its network's own contract types from the port.
 */
export interface AdNetworkWire {
  status: unknown;
  campaigns: unknown;
  pushRequest: unknown;
  pushAnswer: unknown;
  push: unknown;
}

/**
 * An ad network as Brandloom uses it: an organization connects its account through the network's
 * OAuth dialog, sees its campaigns and ad sets, pushes a library image as a creative (a paused ad),
 * follows its pushes and reads how the ad delivers. Each network is an adapter in its own folder
 * (`ad-network/<name>/`), listed in the registry (ad-network.registry.ts); AdNetworkConnections
 * runs the OAuth flow that every network shares.
 */
export interface AdNetworkAdapter<W extends AdNetworkWire = AdNetworkWire> {
  /** Its name in the registry, in its routes (/api/<name>/...) and in its session key. */
  readonly name: string;
  /** Throws the network's "not configured" (503) or "plan required" (403) error when the organization may not use it. */
  assertUsable(organizationId: string): Promise<void>;
  /** The network's OAuth dialog URL for this state and callback. */
  authorizationUrl(state: string, redirectUri: string): string;
  /** The error a wrong, missing, expired or spent OAuth state answers (403). */
  invalidStateError(): Error;
  /** The error for a callback that brought no code (the user declined): `reason` is the network's words. */
  declinedError(reason: string | null): Error;
  /** Exchanges the callback's code for a token, stores it (encrypted) and syncs the accounts. */
  completeConnection(caller: AdNetworkCaller, code: string, redirectUri: string): Promise<void>;
  status(organizationId: string): Promise<W['status']>;
  /** Syncs the cached accounts again. */
  refresh(organizationId: string): Promise<W['status']>;
  /** Deletes the token and everything cached (the push history stays). */
  disconnect(organizationId: string): Promise<void>;
  /** The campaigns of one of the connection's ad accounts, each with its ad sets. */
  listCampaigns(organizationId: string, adAccountId: unknown): Promise<W['campaigns']>;
  /** Pushes a library image as a paused ad (through a job; answers when it ends or the wait is over). */
  pushCreative(caller: AdNetworkCaller, request: W['pushRequest']): Promise<W['pushAnswer']>;
  /** The organization's pushes, newest first. */
  listPushes(organizationId: string): Promise<Array<W['push']>>;
  getPush(organizationId: string, pushId: string): Promise<W['push']>;
  /** How an ad the organization pushed delivers (404 for an ad it did not push). */
  readInsights(organizationId: string, adId: string): Promise<AdInsights>;
  /** Reads the daily results of the organization's pushed ads from the network and stores them (ad_results). */
  syncResults(organizationId: string): Promise<{ ads: number; rows: number; calls: number }>;
  /** What administrators must know about the network's API (retiring versions, refused calls). */
  warningsForAdministrators(): Promise<AdminMetaWarningDto[]>;
}

/**
 * A network as the registry knows it: its name, its Nest module (which provides the adapter class),
 * the entities of its tables and the names of its queue jobs.
 */
export interface AdNetworkDefinition {
  readonly name: string;
  readonly module: Type<unknown>;
  readonly adapter: Type<AdNetworkAdapter>;
  readonly entities: readonly Type<unknown>[];
  readonly jobs: readonly JobName[];
  /** Operations' sources for the network's background work, by job kind (its repository's fragment). */
  readonly adminJobSources: Readonly<Record<string, { select: string; state: string; id: { column: string; type: 'uuid' | 'bigint' } }>>;
}

/**
 * The adapter type of each registered name, so `AdNetworks.get('<name>')` answers that network's
 * wire types. Each adapter adds its line (`declare module '../ad-network.port'`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdNetworkAdapters {}

export type AdNetworkName = keyof AdNetworkAdapters & string;
