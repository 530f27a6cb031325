import { createHmac } from 'node:crypto';
import { META_CREATIVE_FEATURES, META_HEADLINE_MAX_LENGTH, META_LANGUAGE_LABELS, META_LANGUAGE_LOCALES, META_MESSAGE_MAX_LENGTH, type Language } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { MetaApiError, MetaGraphRetiredError, MetaRateLimitedError, MetaTokenExpiredError, MetaUnreachableError } from './meta.errors';
import { MetaGraphWarnings, type RetiredGraphAnswer } from './meta-graph-warnings';

/** Graph error codes that mean "slow down" (application, user, business and per-call limits). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80004]);
const EXPIRED_TOKEN_CODE = 190;
/** Graph error code 2635, "You are calling a deprecated version of the Ads API": the version in use has expired. */
const RETIRED_VERSION_CODE = 2635;
/** Graph error code 12, "... is deprecated for versions vX and higher": a field or call we use is gone in this version. */
const RETIRED_FEATURE_CODE = 12;
/** Graph error code 100 is any invalid parameter; only "Tried accessing nonexisting field" means a field we ask for is gone. */
const INVALID_PARAMETER_CODE = 100;
const NONEXISTING_FIELD = /nonexisting field/i;
const REQUEST_TIMEOUT_MS = 20_000;
/** Pages followed through paging.next at most (500 items a page is Graph's own cap). */
const MAX_PAGES = 20;

export interface GraphToken {
  access_token: string;
  expires_in?: number;
}

export interface GraphAdAccount {
  id: string;
  account_id?: string;
  name?: string;
  account_status?: number;
  currency?: string;
}

export interface GraphCampaign {
  id: string;
  name?: string;
  status?: string;
  objective?: string;
}

export interface GraphAdSet {
  id: string;
  name?: string;
  status?: string;
  campaign_id?: string;
}

/** One row of an ad's insights edge: Graph sends the figures as decimal strings. */
export interface GraphAdInsights {
  impressions?: string;
  reach?: string;
  clicks?: string;
  spend?: string;
  ctr?: string;
  account_currency?: string;
  date_start?: string;
  date_stop?: string;
}

/** What a creative's link_data carries besides its image. */
export interface CreativeLinkData {
  link: string;
  /** The primary text. */
  message: string;
  /** The headline under the image (link_data.name); null for none. */
  headline: string | null;
  /** The button's type (one of AD_CTA_TYPES); null for none. */
  callToAction: string | null;
}

/** One ad's figures on one day from an ad-level, daily insights read (decimal strings). */
export interface GraphDailyAdInsights {
  ad_id?: string;
  impressions?: string;
  reach?: string;
  clicks?: string;
  spend?: string;
  account_currency?: string;
  date_start?: string;
  date_stop?: string;
  /** What the ad's ad set optimises for (LINK_CLICKS, OFFSITE_CONVERSIONS, REACH, ...). */
  optimization_goal?: string;
  /** Counts of each kind of action the ad brought (decimal strings). */
  actions?: Array<{ action_type?: string; value?: string }>;
  /** Values of those actions in the account's currency (purchases' value among them). */
  action_values?: Array<{ action_type?: string; value?: string }>;
}

/** The fields of the daily results sync. */
const DAILY_INSIGHTS_FIELDS = 'ad_id,impressions,reach,clicks,spend,account_currency,optimization_goal,actions,action_values,date_start,date_stop';
/** Ad ids named in one insights read's filter (keeps the URL short). */
const INSIGHTS_FILTER_CHUNK = 100;
/** Rows a page of insights (Graph's own cap for the edge). */
const INSIGHTS_PAGE_SIZE = 500;
/** Insights quota use (percent) from which reads slow down, and how long each then waits. */
const INSIGHTS_THROTTLE_SLOWDOWN_PERCENT = 90;
const INSIGHTS_THROTTLE_WAIT_MS = 500;
/** Pages of one insights read at most (100 ads × 37 months of days fits). */
const INSIGHTS_MAX_PAGES = 250;

/** Where each placement group shows: Facebook and Instagram feeds; stories and reels. */
const PLACEMENT_SPECS = {
  feed: { publisher_platforms: ['facebook', 'instagram'], facebook_positions: ['feed'], instagram_positions: ['stream'] },
  stories: { publisher_platforms: ['facebook', 'instagram'], facebook_positions: ['story'], instagram_positions: ['story', 'reels'] },
} as const;
const placementLabel = (group: 'feed' | 'stories') => `brandloom_${group}`;

/** Ignores a Graph refusal (MetaApiError); rethrows anything else. */
const unlessApiError = (error: unknown): void => {
  if (!(error instanceof MetaApiError)) throw error;
};

/** What the status read asks of each ad, and how many ads one read by ids names (Graph's cap is 50). */
const AD_STATUS_FIELDS = 'id,effective_status';
const IDS_READ_CHUNK = 50;

/** The insights fields Brandloom reads, over the ad's whole life. */
const INSIGHTS_FIELDS = 'impressions,reach,clicks,spend,ctr,account_currency,date_start,date_stop';

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; type?: string };
}

/**
 * The Graph API calls the integration makes, over fetch. Every call made with a user token sends
 * it in the Authorization header (never in a URL that proxies log) with its appsecret_proof.
 * Graph errors become domain errors: 190 → MetaTokenExpiredError, rate limits → MetaRateLimitedError,
 * a retired version, field or call → MetaGraphRetiredError (and a warning for administrators),
 * anything else → MetaApiError with Meta's message.
 */
@Injectable()
export class MetaGraphClient {
  constructor(
    private readonly config: AppConfig,
    private readonly warnings: MetaGraphWarnings,
  ) {}

  /** The short-lived token for an OAuth code. */
  exchangeCode(code: string, redirectUri: string): Promise<GraphToken> {
    return this.request('GET', '/oauth/access_token', null, {
      client_id: this.config.META_APP_ID!,
      redirect_uri: redirectUri,
      client_secret: this.config.META_APP_SECRET!,
      code,
    });
  }

  /** A long-lived token (about 60 days) for a short-lived one. */
  longLivedToken(shortLived: string): Promise<GraphToken> {
    return this.request('GET', '/oauth/access_token', null, {
      grant_type: 'fb_exchange_token',
      client_id: this.config.META_APP_ID!,
      client_secret: this.config.META_APP_SECRET!,
      fb_exchange_token: shortLived,
    });
  }

  me(token: string): Promise<{ id: string; name?: string }> {
    return this.request('GET', '/me', token, { fields: 'id,name' });
  }

  adAccounts(token: string): Promise<GraphAdAccount[]> {
    return this.list('/me/adaccounts', token, { fields: 'id,account_id,name,account_status,currency', limit: '200' });
  }

  pages(token: string): Promise<Array<{ id: string; name?: string }>> {
    return this.list('/me/accounts', token, { fields: 'id,name', limit: '200' });
  }

  campaigns(token: string, adAccountId: string): Promise<GraphCampaign[]> {
    return this.list(`/${adAccountId}/campaigns`, token, { fields: 'id,name,status,objective', limit: '200' });
  }

  adSets(token: string, adAccountId: string): Promise<GraphAdSet[]> {
    return this.list(`/${adAccountId}/adsets`, token, { fields: 'id,name,status,campaign_id', limit: '200' });
  }

  adSet(token: string, adSetId: string): Promise<GraphAdSet> {
    return this.request('GET', `/${adSetId}`, token, { fields: 'id,name,status,campaign_id' });
  }

  /** Uploads image bytes to the account's image library; returns the image hash. */
  async uploadImage(token: string, adAccountId: string, fileName: string, bytes: Buffer): Promise<string> {
    const answer = await this.request<{ images?: Record<string, { hash?: string }> }>('POST', `/${adAccountId}/adimages`, token, {
      filename: fileName,
      bytes: bytes.toString('base64'),
    });
    const hash = Object.values(answer.images ?? {})[0]?.hash;
    if (!hash) throw new MetaApiError('the image upload returned no hash');
    return hash;
  }

  /**
   * A link ad's creative: object_story_spec.link_data with the image, the link, the message (primary
   * text) and, for an ad, its headline as `name` and its button as `call_to_action`, whose
   * value.link Meta requires to be the creative's link.
   */
  async createCreative(token: string, adAccountId: string, creative: { name: string; pageId: string; imageHash: string } & CreativeLinkData): Promise<string> {
    const linkData: Record<string, unknown> = { image_hash: creative.imageHash, link: creative.link, message: creative.message };
    if (creative.headline) linkData.name = creative.headline;
    if (creative.callToAction) linkData.call_to_action = { type: creative.callToAction, value: { link: creative.link } };
    const answer = await this.request<{ id: string }>('POST', `/${adAccountId}/adcreatives`, token, {
      name: creative.name,
      object_story_spec: JSON.stringify({ page_id: creative.pageId, link_data: linkData }),
    });
    return answer.id;
  }

  /**
   * A creative with one image per placement group (Meta's placement asset customization): the
   * images named by hash with an ad label each, one customization rule per group, and every
   * Advantage+ creative feature sent explicitly, opted out unless listed in `featuresOn`.
   */
  async createPlacementCreative(
    token: string,
    adAccountId: string,
    creative: { name: string; pageId: string; images: Array<{ group: 'feed' | 'stories'; hash: string }>; link: string; message: string; headline?: string; description?: string; callToAction: string; featuresOn: string[] },
  ): Promise<string> {
    const features = Object.fromEntries(META_CREATIVE_FEATURES.map((feature) => [feature, { enroll_status: creative.featuresOn.includes(feature) ? 'OPT_IN' : 'OPT_OUT' }]));
    const params: Record<string, string> = { name: creative.name, degrees_of_freedom_spec: JSON.stringify({ creative_features_spec: features }) };
    if (creative.images.length === 1) {
      params.object_story_spec = JSON.stringify({
        page_id: creative.pageId,
        link_data: {
          image_hash: creative.images[0].hash,
          link: creative.link,
          message: creative.message,
          ...(creative.headline ? { name: creative.headline } : {}),
          ...(creative.description ? { description: creative.description } : {}),
          call_to_action: { type: creative.callToAction, value: { link: creative.link } },
        },
      });
    } else {
      params.object_story_spec = JSON.stringify({ page_id: creative.pageId });
      params.asset_feed_spec = JSON.stringify({
        images: creative.images.map((image) => ({ hash: image.hash, adlabels: [{ name: placementLabel(image.group) }] })),
        bodies: [{ text: creative.message }],
        ...(creative.headline ? { titles: [{ text: creative.headline }] } : {}),
        ...(creative.description ? { descriptions: [{ text: creative.description }] } : {}),
        link_urls: [{ website_url: creative.link }],
        call_to_action_types: [creative.callToAction],
        ad_formats: ['SINGLE_IMAGE'],
        optimization_type: 'PLACEMENT',
        asset_customization_rules: creative.images.map((image, index) => ({
          customization_spec: PLACEMENT_SPECS[image.group],
          image_label: { name: placementLabel(image.group) },
          priority: index + 1,
        })),
      });
    }
    const answer = await this.request<{ id: string }>('POST', `/${adAccountId}/adcreatives`, token, params);
    return answer.id;
  }

  /**
   * One creative in several languages (Meta's multi-language ads): each language's image, title,
   * body, description and link carry that language's ad label; one asset customization rule per
   * language shows them to the Meta locales of that language, the first language's rule being the
   * default for everyone else. One call to action for all.
   */
  async createLanguageCreative(
    token: string,
    adAccountId: string,
    creative: { name: string; pageId: string; link: string; callToAction: string; variants: Array<{ language: Language; hash: string; headline: string; body: string }> },
  ): Promise<string> {
    const label = (language: Language) => [{ name: META_LANGUAGE_LABELS[language] }];
    const feed = {
      ad_formats: ['SINGLE_IMAGE'],
      images: creative.variants.map((variant) => ({ hash: variant.hash, adlabels: label(variant.language) })),
      titles: creative.variants.map((variant) => ({ text: variant.headline.slice(0, META_HEADLINE_MAX_LENGTH), adlabels: label(variant.language) })),
      // A body is required: an ad without one says its headline.
      bodies: creative.variants.map((variant) => ({ text: (variant.body || variant.headline).slice(0, META_MESSAGE_MAX_LENGTH), adlabels: label(variant.language) })),
      // Meta asks a description of every language: a single space is its blank one.
      descriptions: creative.variants.map((variant) => ({ text: ' ', adlabels: label(variant.language) })),
      link_urls: creative.variants.map((variant) => ({ website_url: creative.link, adlabels: label(variant.language) })),
      call_to_action_types: [creative.callToAction],
      optimization_type: 'LANGUAGE',
      asset_customization_rules: creative.variants.map((variant, index) => ({
        customization_spec: { locales: META_LANGUAGE_LOCALES[variant.language] },
        image_label: { name: META_LANGUAGE_LABELS[variant.language] },
        title_label: { name: META_LANGUAGE_LABELS[variant.language] },
        body_label: { name: META_LANGUAGE_LABELS[variant.language] },
        description_label: { name: META_LANGUAGE_LABELS[variant.language] },
        link_url_label: { name: META_LANGUAGE_LABELS[variant.language] },
        is_default: index === 0,
      })),
    };
    const answer = await this.request<{ id: string }>('POST', `/${adAccountId}/adcreatives`, token, {
      name: creative.name,
      object_story_spec: JSON.stringify({ page_id: creative.pageId }),
      asset_feed_spec: JSON.stringify(feed),
    });
    return answer.id;
  }

  async createPausedAd(token: string, adAccountId: string, ad: { name: string; adSetId: string; creativeId: string }): Promise<string> {
    const answer = await this.request<{ id: string }>('POST', `/${adAccountId}/ads`, token, {
      name: ad.name,
      adset_id: ad.adSetId,
      creative: JSON.stringify({ creative_id: ad.creativeId }),
      status: 'PAUSED',
    });
    return answer.id;
  }

  /** The ad's delivery over its whole life; null while it has delivered nothing (Graph answers no row). */
  async adInsights(token: string, adId: string): Promise<GraphAdInsights | null> {
    const answer = await this.request<{ data?: GraphAdInsights[] }>('GET', `/${adId}/insights`, token, { fields: INSIGHTS_FIELDS, date_preset: 'maximum' });
    return answer.data?.[0] ?? null;
  }

  /**
   * The daily figures of these ads of one account from `since` to `until` (YYYY-MM-DD, the account's
   * days): ad-level rows, one per ad and day (`time_increment=1`), read from the account's insights
   * edge a hundred ads at a time, every page followed. `calls` counts the Graph requests made.
   */
  async dailyAdInsights(token: string, adAccountId: string, adIds: string[], since: string, until: string): Promise<{ rows: GraphDailyAdInsights[]; calls: number }> {
    const rows: GraphDailyAdInsights[] = [];
    let calls = 0;
    for (let i = 0; i < adIds.length; i += INSIGHTS_FILTER_CHUNK) {
      const chunk = adIds.slice(i, i + INSIGHTS_FILTER_CHUNK);
      const read = await this.readPages<GraphDailyAdInsights>(`/${adAccountId}/insights`, token, {
        level: 'ad',
        time_increment: '1',
        fields: DAILY_INSIGHTS_FIELDS,
        time_range: JSON.stringify({ since, until }),
        filtering: JSON.stringify([{ field: 'ad.id', operator: 'IN', value: chunk }]),
        limit: String(INSIGHTS_PAGE_SIZE),
      }, INSIGHTS_MAX_PAGES);
      rows.push(...read.items);
      calls += read.calls;
    }
    return { rows, calls };
  }

  /** One ad's daily figures read from its own insights edge (one read per ad: the slow way the bench compares with). */
  async dailyInsightsOfAd(token: string, adId: string, since: string, until: string): Promise<{ rows: GraphDailyAdInsights[]; calls: number }> {
    const read = await this.readPages<GraphDailyAdInsights>(`/${adId}/insights`, token, {
      time_increment: '1',
      fields: DAILY_INSIGHTS_FIELDS,
      time_range: JSON.stringify({ since, until }),
    }, INSIGHTS_MAX_PAGES);
    return { rows: read.items.map((row) => ({ ad_id: adId, ...row })), calls: read.calls };
  }

  /**
   * The effective_status of these ads (deleted ones included: Graph still reads them by id), by ad
   * id, read 50 at a time with Graph's read by ids. A chunk Graph refuses (an id it no longer knows)
   * is read again one ad at a time, so one unknown ad does not hide the others; an ad Graph does not
   * know at all is left out. `calls` counts the requests made.
   */
  async adStatuses(token: string, adIds: string[]): Promise<{ statuses: Map<string, string>; calls: number }> {
    const statuses = new Map<string, string>();
    let calls = 0;
    const read = async (ids: string[]) => {
      calls++;
      const answer = await this.request<Record<string, { id?: string; effective_status?: string }>>('GET', '/', token, { ids: ids.join(','), fields: AD_STATUS_FIELDS });
      for (const id of ids) {
        const status = answer[id]?.effective_status;
        if (typeof status === 'string' && /^[A-Z_]{1,32}$/.test(status)) statuses.set(id, status);
      }
    };
    for (let i = 0; i < adIds.length; i += IDS_READ_CHUNK) {
      const chunk = adIds.slice(i, i + IDS_READ_CHUNK);
      try {
        await read(chunk);
      } catch (error) {
        if (!(error instanceof MetaApiError)) throw error;
        if (chunk.length > 1) for (const id of chunk) await read([id]).catch(unlessApiError);
      }
    }
    return { statuses, calls };
  }

  /** The ads of an ad set with their creative ids (to find an ad a crashed attempt already created). */
  adsOfAdSet(token: string, adSetId: string): Promise<Array<{ id: string; creative?: { id?: string } }>> {
    return this.list(`/${adSetId}/ads`, token, { fields: 'id,creative{id}', limit: '200' });
  }

  private async list<T>(path: string, token: string, params: Record<string, string>): Promise<T[]> {
    return (await this.readPages<T>(path, token, params, MAX_PAGES)).items;
  }

  private async readPages<T>(path: string, token: string, params: Record<string, string>, maxPages: number): Promise<{ items: T[]; calls: number }> {
    const items: T[] = [];
    let page = await this.request<{ data?: T[]; paging?: { next?: string } }>('GET', path, token, params);
    for (let n = 1; ; n++) {
      items.push(...(page.data ?? []));
      const next = page.paging?.next;
      if (!next || n >= maxPages) return { items, calls: n };
      // paging.next is a full URL; only follow it on the configured Graph origin.
      const url = new URL(next);
      if (url.origin !== new URL(this.config.metaGraphUrl).origin) return { items, calls: n };
      page = await this.send('GET', url, token, null);
    }
  }

  private request<T>(method: 'GET' | 'POST', path: string, token: string | null, params: Record<string, string>): Promise<T> {
    const url = new URL(`${this.config.metaGraphUrl}${path}`);
    if (method === 'GET') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return this.send(method, url, token, method === 'POST' ? params : null);
  }

  private async send<T>(method: 'GET' | 'POST', url: URL, token: string | null, form: Record<string, string> | null): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) {
      headers.Authorization = `Bearer ${token}`;
      url.searchParams.set('appsecret_proof', this.appSecretProof(token));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: form ? { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' } : headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new MetaUnreachableError(`Meta could not be reached (${error instanceof Error ? error.message : 'network error'})`);
    }
    await this.slowDownWhenThrottled(response.headers.get('x-fb-ads-insights-throttle'));
    const body = (await response.json().catch(() => null)) as (GraphErrorBody & T) | null;
    if (!body) throw new MetaUnreachableError(`Meta answered HTTP ${response.status} without a readable body`);
    if (response.ok && body && !body.error) return body;
    const error = body?.error;
    if (error?.code === EXPIRED_TOKEN_CODE) throw new MetaTokenExpiredError();
    if (error?.code !== undefined && RATE_LIMIT_CODES.has(error.code)) throw new MetaRateLimitedError();
    const retired = this.retiredAnswer(method, url, error);
    if (retired) {
      await this.warnings.record(retired);
      throw new MetaGraphRetiredError(retired.graphVersion, retired.kind === 'version_retired');
    }
    throw new MetaApiError(error?.message?.slice(0, 500) || `HTTP ${response.status}`);
  }

  /**
   * Meta reports how much of the insights quota the app and the ad account have used
   * (x-fb-ads-insights-throttle); near the limit the next read waits, so the limit is not reached.
   */
  private async slowDownWhenThrottled(header: string | null): Promise<void> {
    if (!header) return;
    let used = 0;
    try {
      const parsed = JSON.parse(header) as { app_id_util_pct?: number; acc_id_util_pct?: number };
      used = Math.max(Number(parsed.app_id_util_pct) || 0, Number(parsed.acc_id_util_pct) || 0);
    } catch {
      return;
    }
    if (used >= INSIGHTS_THROTTLE_SLOWDOWN_PERCENT) await new Promise((resolve) => setTimeout(resolve, INSIGHTS_THROTTLE_WAIT_MS * (used >= 100 ? 4 : 1)));
  }

  private retiredAnswer(method: string, url: URL, error: GraphErrorBody['error']): RetiredGraphAnswer | null {
    const code = error?.code;
    const metaMessage = (error?.message ?? '').replace(/^\(#\d+\)\s*/, '');
    const kind =
      code === RETIRED_VERSION_CODE
        ? 'version_retired'
        : code === RETIRED_FEATURE_CODE || (code === INVALID_PARAMETER_CODE && NONEXISTING_FIELD.test(metaMessage))
          ? 'feature_retired'
          : null;
    if (!kind || code === undefined) return null;
    const basePath = new URL(this.config.metaGraphUrl).pathname.replace(/\/$/, '');
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    return { kind, code, graphVersion: this.config.metaGraphVersionInUse, call: `${method} ${path.replace(/\/(?:act_)?\d+(?=\/|$)/g, '/{id}')}`, metaMessage };
  }

  private appSecretProof(token: string): string {
    return createHmac('sha256', this.config.META_APP_SECRET!).update(token).digest('hex');
  }
}
