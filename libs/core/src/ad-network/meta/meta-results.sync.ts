import { AD_RESULT_REREAD_DAYS } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AdResultsRepository, type DailyAdResult } from '../ad-results.repository';
import { AppConfig } from '../../infra/config/app-config';
import { PROCESS_ROLE, type ProcessRole } from '../../infra/queue/process-role';
import { QueuePort } from '../../infra/queue/queue.port';
import { MetaConnectionService } from './meta-connection.service';
import { MetaGraphClient, type GraphDailyAdInsights } from './meta-graph.client';
import { META_JOBS } from './meta-jobs.names';
import { MetaPushesRepository, type PushedAdRow } from './meta-pushes.repository';
import { MetaNotConnectedError, MetaRateLimitedError, MetaTokenExpiredError } from './meta.errors';

const DAY_MS = 86_400_000;
/** Rate-limited reads are tried again after 1 s, 2 s, 4 s. */
const RATE_LIMIT_RETRIES = 3;
const RATE_LIMIT_BACKOFF_MS = 1000;

export interface ResultsSyncOutcome {
  ads: number;
  rows: number;
  calls: number;
}

/** YYYY-MM-DD of a moment, in UTC. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Reads the daily results of every ad an organization pushed from Meta and stores them, one row
 * per ad and day. An ad without stored rows is read over its whole life (from the day before its
 * push, as the ad account's days may lag UTC); after that, the last AD_RESULT_REREAD_DAYS days and
 * today are read again, since Meta keeps adjusting recent days. Each ad's effective_status (ACTIVE,
 * PAUSED, DELETED...) is read with them and kept on its push. The worker runs it for every
 * organization every META_INSIGHTS_SYNC_INTERVAL_SECONDS; 'Refresh results' runs it for one.
 */
@Injectable()
export class MetaResultsSync implements OnApplicationBootstrap {
  private readonly logger = new Logger(MetaResultsSync.name);

  constructor(
    private readonly config: AppConfig,
    private readonly graph: MetaGraphClient,
    private readonly connections: MetaConnectionService,
    private readonly pushes: MetaPushesRepository,
    private readonly results: AdResultsRepository,
    private readonly queue: QueuePort,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.metaConfigured) return;
    if (this.role !== 'worker' && this.config.queueDriver !== 'in-process') return;
    await this.queue.schedule(META_JOBS.syncResults, this.config.META_INSIGHTS_SYNC_INTERVAL_SECONDS * 1000);
  }

  /** Every organization with pushed ads and a live connection; an expired token marks its connection and skips it. */
  async syncAll(): Promise<ResultsSyncOutcome> {
    const total: ResultsSyncOutcome = { ads: 0, rows: 0, calls: 0 };
    for (const organizationId of await this.pushes.organizationsWithPushedAds()) {
      try {
        const outcome = await this.syncOrganization(organizationId);
        total.ads += outcome.ads;
        total.rows += outcome.rows;
        total.calls += outcome.calls;
      } catch (error) {
        if (error instanceof MetaTokenExpiredError || error instanceof MetaNotConnectedError) continue;
        this.logger.warn(`results of organization ${organizationId} not read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return total;
  }

  async syncOrganization(organizationId: string, now = Date.now()): Promise<ResultsSyncOutcome> {
    const ads = await this.pushes.pushedAds(organizationId);
    if (ads.length === 0) return { ads: 0, rows: 0, calls: 0 };
    const byAccount = new Map<string, PushedAdRow[]>();
    for (const ad of ads) byAccount.set(ad.ad_account_id, [...(byAccount.get(ad.ad_account_id) ?? []), ad]);
    const startedAt = new Date(now);
    return this.connections.withToken(organizationId, async (token) => {
      const outcome: ResultsSyncOutcome = { ads: ads.length, rows: 0, calls: 0 };
      for (const [adAccountId, accountAds] of byAccount) {
        const stored = await this.results.adsWithResults('meta', accountAds.map((ad) => ad.ad_id));
        const since = isoDay(Math.min(...accountAds.map((ad) => (stored.has(ad.ad_id) ? now - AD_RESULT_REREAD_DAYS * DAY_MS : new Date(ad.created_at).getTime() - DAY_MS))));
        const read = await this.withBackoff(() => this.graph.dailyAdInsights(token, adAccountId, [...new Set(accountAds.map((ad) => ad.ad_id))], since, isoDay(now)));
        outcome.calls += read.calls;
        const currency = await this.currencyOf(organizationId, adAccountId, read.rows);
        outcome.rows += await this.results.upsert(toDailyResults(organizationId, accountAds, read.rows, currency));
        await this.pushes.markResultsRead(accountAds.map((ad) => ad.id), startedAt);
        // The ads' status (ACTIVE, PAUSED, DELETED...), 50 ads a request: deleted ads are still read by id.
        const status = await this.withBackoff(() => this.graph.adStatuses(token, [...new Set(accountAds.map((ad) => ad.ad_id))]));
        outcome.calls += status.calls;
        await this.pushes.saveAdStatuses(organizationId, status.statuses, startedAt);
      }
      return outcome;
    });
  }

  private async currencyOf(organizationId: string, adAccountId: string, rows: GraphDailyAdInsights[]): Promise<string> {
    const fromRows = rows.find((row) => row.account_currency)?.account_currency;
    if (fromRows) return fromRows;
    return this.connections.adAccountOf(organizationId, adAccountId).then((account) => account.currency || 'USD', () => 'USD');
  }

  private async withBackoff<T>(read: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await read();
      } catch (error) {
        if (!(error instanceof MetaRateLimitedError) || attempt >= RATE_LIMIT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_BACKOFF_MS * 2 ** attempt));
      }
    }
  }
}

/** Graph's rows as stored rows: only ads of these pushes, figures as numbers. */
function toDailyResults(organizationId: string, ads: PushedAdRow[], rows: GraphDailyAdInsights[], currency: string): DailyAdResult[] {
  const assetOf = new Map(ads.map((ad) => [ad.ad_id, ad.asset_id]));
  const figure = (value: string | undefined) => {
    const parsed = Number(value ?? 0);
    return Number.isFinite(parsed) && parsed >= 0 ? parsed : 0;
  };
  const byKey = new Map<string, DailyAdResult>();
  for (const row of rows) {
    if (!row.ad_id || !assetOf.has(row.ad_id) || !row.date_start || !/^\d{4}-\d{2}-\d{2}$/.test(row.date_start)) continue;
    byKey.set(`${row.ad_id}/${row.date_start}`, {
      network: 'meta',
      adId: row.ad_id,
      date: row.date_start,
      organizationId,
      assetId: assetOf.get(row.ad_id) ?? null,
      impressions: Math.round(figure(row.impressions)),
      reach: Math.round(figure(row.reach)),
      clicks: Math.round(figure(row.clicks)),
      spend: figure(row.spend),
      currency: row.account_currency || currency,
      ...outcomesOf(row),
    });
  }
  return [...byKey.values()];
}

/**
 * The action Meta's Ads Manager counts as a result for each optimisation goal of an ad set (goals
 * that optimise for reach or impressions count those instead).
 */
const RESULT_ACTION_BY_GOAL: Record<string, string> = {
  LINK_CLICKS: 'link_click',
  LANDING_PAGE_VIEWS: 'landing_page_view',
  OFFSITE_CONVERSIONS: 'omni_purchase',
  VALUE: 'omni_purchase',
  LEAD_GENERATION: 'lead',
  QUALITY_LEAD: 'lead',
  POST_ENGAGEMENT: 'post_engagement',
  PAGE_LIKES: 'like',
  APP_INSTALLS: 'mobile_app_install',
  THRUPLAY: 'video_view',
  CONVERSATIONS: 'onsite_conversion.messaging_conversation_started_7d',
};
/** Purchases are reported under several names; the first one present is the purchases' count and value. */
const PURCHASE_ACTIONS = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

/** A day's results (by the ad set's goal), what they are, and the purchases' value. */
export function outcomesOf(row: GraphDailyAdInsights): { results: number; resultType: string | null; purchaseValue: number } {
  const amount = (list: GraphDailyAdInsights['actions'], types: string[]) => {
    for (const type of types) {
      const entry = list?.find((item) => item.action_type === type);
      const value = Number(entry?.value);
      if (entry && Number.isFinite(value) && value >= 0) return value;
    }
    return 0;
  };
  const goal = row.optimization_goal?.toUpperCase() ?? '';
  const purchaseValue = amount(row.action_values, PURCHASE_ACTIONS);
  if (goal === 'REACH' || goal === 'IMPRESSIONS') {
    const value = Number(goal === 'REACH' ? row.reach : row.impressions);
    return { results: Number.isFinite(value) && value >= 0 ? value : 0, resultType: goal.toLowerCase(), purchaseValue };
  }
  const action = RESULT_ACTION_BY_GOAL[goal];
  if (!action) return { results: 0, resultType: null, purchaseValue };
  const results = action === 'omni_purchase' ? amount(row.actions, PURCHASE_ACTIONS) : amount(row.actions, [action]);
  return { results, resultType: action === 'omni_purchase' ? 'purchase' : action, purchaseValue };
}
