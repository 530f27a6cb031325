import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { DEFAULT_META_GRAPH_VERSION } from '../infra/config/app-config';
import { closeNow, listenOnLoopback, readBody } from './loopback-server';

/**
 * Marketing API versions Meta serves on 2026-11-25 (its version table: v24.0 expired November 10,
 * 2026; v25.0 expires February 23, 2027; v26.0 and v27.0 have no date yet).
 */
export const LIVE_MARKETING_API_VERSIONS = ['v25.0', 'v26.0', 'v27.0'] as const;
const LATEST_MARKETING_API_VERSION = LIVE_MARKETING_API_VERSIONS.at(-1)!;
/** Calls that are Graph API rather than Marketing API: Meta upgrades them from an expired version instead of refusing them. */
const GRAPH_ONLY_PATHS = new Set(['/oauth/access_token', '/me', '/me/accounts']);

export interface FakeMetaCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  authorization: string | undefined;
}

interface FakeAdAccount {
  id: string;
  account_id: string;
  name: string;
  account_status: number;
  currency: string;
}

interface FakeAd {
  id: string;
  name: string;
  adset_id: string;
  creative_id: string;
  /** The configured status: ACTIVE, PAUSED, ARCHIVED or DELETED. */
  status: string;
  account: string;
  /** An effective_status a test sets (PENDING_REVIEW, DISAPPROVED, WITH_ISSUES...), else derived from the statuses. */
  effectiveStatus?: string;
}

/** An ad's lifetime figures as the insights edge sends them (decimal strings), set by a test. */
export interface FakeAdInsights {
  impressions: string;
  reach: string;
  clicks: string;
  spend: string;
  ctr: string;
  account_currency: string;
  date_start: string;
  date_stop: string;
}

/** One ad's figures on one day, set by a test (served by daily insights reads). */
export interface FakeDailyInsights {
  /** YYYY-MM-DD */
  date: string;
  impressions: number;
  reach?: number;
  clicks: number;
  spend: number;
  /** The ad set's optimisation goal (Graph's optimization_goal), LINK_CLICKS unless set. */
  optimizationGoal?: string;
  /** The day's actions by type (Graph's actions), e.g. { link_click: 12, omni_purchase: 2 }. */
  actions?: Record<string, number>;
  /** The actions' values by type (Graph's action_values), e.g. { omni_purchase: 84.5 }. */
  actionValues?: Record<string, number>;
}

/** Advantage+ creative features Graph knows for single-image ads. */
const CREATIVE_FEATURES = new Set(['image_touchups', 'image_template', 'text_optimizations', 'inline_comment', 'image_uncrop', 'image_brightness_and_contrast', 'enhance_cta', 'adapt_to_placement', 'add_text_overlay', 'standard_enhancements']);
/** Positions of each publisher platform a customization_spec may name. */
const PLACEMENT_POSITIONS: Record<string, string[] | null> = {
  facebook: ['feed', 'right_hand_column', 'marketplace', 'video_feeds', 'search', 'story', 'facebook_reels', 'notification'],
  instagram: ['stream', 'story', 'explore', 'explore_home', 'profile_feed', 'ig_search', 'reels'],
  messenger: ['messenger_home', 'story'],
  audience_network: null,
  threads: null,
};
/** Fields of an ad a read by id may ask for (Graph refuses any other with (#100)). */
const AD_FIELDS = new Set(['id', 'name', 'adset_id', 'campaign_id', 'account_id', 'status', 'configured_status', 'effective_status', 'creative']);
/** Ids one read by ids (GET /?ids=) may name at most. */
const IDS_READ_MAX = 50;
const INSIGHTS_LEVELS = new Set(['ad', 'adset', 'campaign', 'account']);
const FILTER_OPERATORS = new Set(['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN', 'IN', 'NOT_IN', 'CONTAIN', 'NOT_CONTAIN']);
/** Graph's default and largest page of insights rows. */
const INSIGHTS_DEFAULT_LIMIT = 25;
const INSIGHTS_MAX_LIMIT = 500;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields the ads insights edge knows among those Brandloom may ask for (Graph refuses any other with (#100)). */
const INSIGHTS_FIELDS = new Set(['impressions', 'reach', 'clicks', 'spend', 'ctr', 'cpc', 'cpm', 'frequency', 'account_currency', 'account_id', 'ad_id', 'ad_name', 'optimization_goal', 'actions', 'action_values', 'date_start', 'date_stop']);
/** Graph's date_preset values for insights. */
const INSIGHTS_DATE_PRESETS = new Set([
  'today', 'yesterday', 'this_month', 'last_month', 'this_quarter', 'maximum', 'data_maximum', 'last_3d', 'last_7d', 'last_14d', 'last_28d', 'last_30d', 'last_90d',
  'last_week_mon_sun', 'last_week_sun_sat', 'last_quarter', 'last_year', 'this_week_mon_today', 'this_week_sun_today', 'this_year',
]);

/** link_data fields the fake knows (Graph refuses any other field of AdCreativeLinkData). */
const LINK_DATA_FIELDS = new Set(['image_hash', 'link', 'message', 'name', 'description', 'caption', 'call_to_action', 'picture', 'child_attachments', 'attachment_style']);
/** call_to_action types of AdCreativeLinkDataCallToAction that a link ad takes (a subset of Meta's enum). */
const CALL_TO_ACTION_TYPES = new Set([
  'OPEN_LINK', 'SHOP_NOW', 'LEARN_MORE', 'SIGN_UP', 'BOOK_NOW', 'DOWNLOAD', 'GET_OFFER', 'CONTACT_US', 'SUBSCRIBE', 'APPLY_NOW', 'ORDER_NOW', 'GET_QUOTE',
  'WATCH_MORE', 'BUY_NOW', 'GET_DETAILS', 'SEE_MORE', 'FIND_OUT_MORE', 'VISIT_WEBSITE', 'NO_BUTTON',
]);
/** Primary text and headline bounds of a link ad's creative. */
const LINK_DATA_MESSAGE_MAX = 2200;
const LINK_DATA_NAME_MAX = 255;

/**
 * What Graph would refuse in a link ad's link_data, in its words, or null: a missing or non-URL
 * link, a field it does not know, text of the wrong type or length, a call to action of an unknown
 * type or whose value.link is not the creative's link (Meta requires them to be the same).
 */
/** Meta's ad locale ids (targeting locales, /search?type=adlocale): 1 to 91, and the "(All)" groups 1001 to 1005. */
const isAdLocale = (value: unknown) => Number.isInteger(value) && (((value as number) >= 1 && (value as number) <= 91) || ((value as number) >= 1001 && (value as number) <= 1005));
const LANGUAGE_TEXT_LIMITS: Record<string, number> = { titles: 255, bodies: 4096, descriptions: 10_000 };
const LANGUAGE_RULE_LABELS: Record<string, string> = { image_label: 'images', title_label: 'titles', body_label: 'bodies', description_label: 'descriptions', link_url_label: 'link_urls' };

/**
 * What Graph refuses in a multi-language asset_feed_spec (Marketing API, Multi-Language Ads):
 * ad_formats other than ["SINGLE_IMAGE"]; an image the account has not uploaded; a title, body,
 * description or link without an ad label, over its length, or two of a type with the same label;
 * not exactly one call_to_action_type of Meta's; fewer than two rules; a rule whose customization_spec
 * has anything but `locales` (Meta ad locale ids), a locale in two rules, a rule without
 * is_default, without one of image/title/body/description/link_url labels or naming a label no asset
 * of that type carries; not exactly one default rule.
 */
export function languageFeedProblem(feed: Record<string, unknown>, uploaded: (hash: unknown) => boolean): string | null {
  if (JSON.stringify(feed.ad_formats) !== JSON.stringify(['SINGLE_IMAGE'])) return 'ad_formats must be ["SINGLE_IMAGE"] for images';
  const labelsOf: Record<string, Set<string>> = {};
  for (const type of ['images', 'titles', 'bodies', 'descriptions', 'link_urls']) {
    const assets = feed[type] as Array<Record<string, unknown>> | undefined;
    if (!Array.isArray(assets) || assets.length === 0) return `asset_feed_spec needs ${type}`;
    if (assets.length > 49) return `asset_feed_spec takes at most 49 ${type}`;
    labelsOf[type] = new Set();
    for (const asset of assets) {
      const labels = asset.adlabels as Array<{ name?: unknown }> | undefined;
      if (type === 'images' && !uploaded(asset.hash)) return 'Invalid image hash';
      if (!Array.isArray(labels) || labels.length !== 1 || typeof labels[0]?.name !== 'string' || !labels[0].name) return `each of ${type} in a multi-language asset_feed_spec needs one adlabel with a name`;
      if (labelsOf[type].has(labels[0].name)) return `two ${type} carry the adlabel ${labels[0].name}`;
      labelsOf[type].add(labels[0].name);
      if (type !== 'images' && (type === 'link_urls' ? typeof asset.website_url !== 'string' || !/^https?:\/\//.test(asset.website_url) : typeof asset.text !== 'string' || asset.text.length === 0)) return `each of ${type} needs ${type === 'link_urls' ? 'a website_url' : 'text'}`;
      if (LANGUAGE_TEXT_LIMITS[type] && (asset.text as string).length > LANGUAGE_TEXT_LIMITS[type]) return `${type} text is longer than ${LANGUAGE_TEXT_LIMITS[type]} characters`;
    }
  }
  const ctas = feed.call_to_action_types;
  if (!Array.isArray(ctas) || ctas.length !== 1 || !CALL_TO_ACTION_TYPES.has(ctas[0] as string)) return 'call_to_action_types must hold exactly one call to action type';
  const rules = feed.asset_customization_rules as Array<Record<string, unknown>> | undefined;
  if (!Array.isArray(rules) || rules.length < 2) return 'asset_feed_spec needs at least two asset_customization_rules';
  const seen = new Set<number>();
  for (const rule of rules) {
    const spec = rule.customization_spec as Record<string, unknown> | undefined;
    if (!spec || Object.keys(spec).join() !== 'locales' || !Array.isArray(spec.locales) || spec.locales.length === 0) return 'customization_spec of a multi-language rule must give locales';
    for (const locale of spec.locales as unknown[]) {
      if (!isAdLocale(locale)) return `${String(locale)} is not a valid ad locale`;
      if (seen.has(locale as number)) return `locale ${String(locale)} is in two asset_customization_rules`;
      seen.add(locale as number);
    }
    if (typeof rule.is_default !== 'boolean') return 'each asset customization rule needs is_default';
    for (const [field, type] of Object.entries(LANGUAGE_RULE_LABELS)) {
      const name = (rule[field] as { name?: unknown } | undefined)?.name;
      if (typeof name !== 'string' || !labelsOf[type].has(name)) return `${field} must name an adlabel of the ${type}`;
    }
  }
  if (rules.filter((rule) => rule.is_default === true).length !== 1) return 'exactly one asset customization rule must be the default (is_default)';
  return null;
}

export function linkDataProblem(linkData: unknown): string | null {
  if (typeof linkData !== 'object' || linkData === null || Array.isArray(linkData)) return 'object_story_spec must contain link_data';
  const data = linkData as Record<string, unknown>;
  for (const key of Object.keys(data)) if (!LINK_DATA_FIELDS.has(key)) return `Param link_data[${key}] is not a valid field`;
  if (!isHttpUrl(data.link)) return 'Param link_data[link] must be a valid URL';
  if (data.message !== undefined && (typeof data.message !== 'string' || data.message.length > LINK_DATA_MESSAGE_MAX)) return `Param link_data[message] must be a string of at most ${LINK_DATA_MESSAGE_MAX} characters`;
  if (data.name !== undefined && (typeof data.name !== 'string' || data.name.length > LINK_DATA_NAME_MAX)) return `Param link_data[name] must be a string of at most ${LINK_DATA_NAME_MAX} characters`;
  if (data.call_to_action !== undefined) {
    const cta = data.call_to_action as { type?: unknown; value?: { link?: unknown } } | null;
    if (typeof cta !== 'object' || cta === null || typeof cta.type !== 'string' || !CALL_TO_ACTION_TYPES.has(cta.type)) return 'Param link_data[call_to_action][type] must be one of the call to action types';
    if (typeof cta.value !== 'object' || cta.value === null || cta.value.link !== data.link) return 'Param link_data[call_to_action][value][link] must be the same as the link url of the creative';
  }
  return null;
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A Graph error the fake answers instead of the next matching call. */
interface ScriptedFailure {
  method: string;
  pathPattern: RegExp;
  /** A Graph error body, or 'drop' to cut the connection; 'drop-after' does the work, then cuts. */
  failure: { code: number; message?: string } | 'drop' | 'drop-after';
}

/**
 * A local stand-in for Meta's Graph API and OAuth dialog, speaking their wire format: the dialog
 * redirects back with a code, /oauth/access_token exchanges codes and long-lived tokens, and /me,
 * ad accounts, pages, campaigns, ad sets, ad images, creatives and ads answer like Graph. Every
 * call is recorded; calls with a token must carry its appsecret_proof. Failures can be scripted.
 * Like Meta, it refuses a Marketing API call on a version that is not live (or none) with
 * (#2635); Graph calls (OAuth, /me, /me/accounts) on such a version are answered, as Meta upgrades them.
 */
export class FakeMeta {
  readonly appId = 'fake-meta-app';
  readonly appSecret = randomBytes(16).toString('hex');
  readonly tokenKey = randomBytes(32).toString('base64');
  readonly calls: FakeMetaCall[] = [];
  readonly user = { id: '10150000000000001', name: 'Mia Marketer' };
  readonly adAccounts: FakeAdAccount[] = [
    { id: 'act_111', account_id: '111', name: 'Brandloom Ads', account_status: 1, currency: 'EUR' },
    { id: 'act_222', account_id: '222', name: 'Closed account', account_status: 2, currency: 'USD' },
  ];
  readonly pages = [
    { id: '501', name: 'Brandloom Page' },
    { id: '502', name: 'Second Page' },
  ];
  readonly campaigns = [
    { id: '9001', name: 'Spring launch', status: 'ACTIVE', objective: 'OUTCOME_TRAFFIC', account: 'act_111' },
    { id: '9002', name: 'Retargeting', status: 'PAUSED', objective: 'OUTCOME_SALES', account: 'act_111' },
  ];
  readonly adSets = [
    { id: '7001', name: 'Spring – EU', status: 'ACTIVE', campaign_id: '9001', account: 'act_111' },
    { id: '7002', name: 'Spring – US', status: 'ACTIVE', campaign_id: '9001', account: 'act_111' },
    { id: '7003', name: 'Retarget – all', status: 'ACTIVE', campaign_id: '9002', account: 'act_111' },
  ];
  readonly images: Array<{ hash: string; account: string; bytes: Buffer }> = [];
  readonly creatives: Array<{
    id: string;
    account: string;
    name: string;
    object_story_spec: Record<string, unknown>;
    asset_feed_spec?: Record<string, unknown>;
    degrees_of_freedom_spec?: Record<string, unknown>;
  }> = [];
  readonly ads: FakeAd[] = [];
  /** Delivery figures by ad id; an ad without an entry has delivered nothing (the edge answers no row). */
  readonly insights = new Map<string, FakeAdInsights>();
  /** Daily figures by ad id (the account, ad set and ad insights edges with time_increment=1 serve them). */
  readonly dailyInsights = new Map<string, FakeDailyInsights[]>();
  /** The x-fb-ads-insights-throttle utilisation (percent) sent with every insights answer. */
  insightsThrottlePercent = 1;
  /** Rows an insights page holds at most whatever `limit` asks (Graph may send fewer than asked, with paging.next). */
  insightsPageCap = INSIGHTS_MAX_LIMIT;
  /** When true, every token is refused with code 190. */
  revoked = false;

  private server?: Server;
  private readonly codes = new Set<string>();
  private readonly tokens = new Set<string>();
  private readonly failures: ScriptedFailure[] = [];
  private nextId = 1;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, { error: { message: String(error), code: 1 } }));
    });
    await listenOnLoopback(this.server);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await closeNow(server);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The configuration that points the app at this fake, on Brandloom's default Graph version unless `version` is given. */
  env(version: string = DEFAULT_META_GRAPH_VERSION): Record<string, string> {
    return {
      META_APP_ID: this.appId,
      META_APP_SECRET: this.appSecret,
      META_TOKEN_KEY: this.tokenKey,
      META_GRAPH_VERSION: version,
      META_GRAPH_URL: `${this.url}/${version}`,
      META_OAUTH_DIALOG_URL: `${this.url}/${version}/dialog/oauth`,
    };
  }

  /** The next call matching method and path fails as given. */
  failNext(method: string, pathPattern: RegExp, failure: ScriptedFailure['failure']): void {
    this.failures.push({ method, pathPattern, failure });
  }

  callsTo(method: string, pathPattern: RegExp): FakeMetaCall[] {
    return this.calls.filter((c) => c.method === method && pathPattern.test(c.path));
  }

  /** A signed_request as Meta sends it to the data-deletion callback. */
  signedRequest(userId: string, secret = this.appSecret): string {
    const payload = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: userId })).toString('base64url');
    return `${createHmac('sha256', secret).update(payload).digest('base64url')}.${payload}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = (await readBody(req)).toString('utf8');
    const body = Object.fromEntries(new URLSearchParams(raw));
    const call: FakeMetaCall = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorization: req.headers.authorization };
    this.calls.push(call);

    const version = /^\/(v\d+\.\d+)(?=\/)/.exec(url.pathname)?.[1] ?? null;
    const path = version ? url.pathname.slice(version.length + 1) : url.pathname;
    if (path === '/dialog/oauth') return this.dialog(url, res);
    if (!GRAPH_ONLY_PATHS.has(path) && !(LIVE_MARKETING_API_VERSIONS as readonly string[]).includes(version ?? '')) {
      return graphError(res, 2635, `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${LATEST_MARKETING_API_VERSION}.`);
    }

    const scripted = this.failures.findIndex((f) => f.method === call.method && f.pathPattern.test(path));
    let dropAfter = false;
    if (scripted >= 0) {
      const [{ failure }] = this.failures.splice(scripted, 1);
      if (failure === 'drop') return void req.socket.destroy();
      if (failure === 'drop-after') dropAfter = true;
      else return json(res, 400, { error: { message: failure.message ?? `Scripted error ${failure.code}`, type: 'OAuthException', code: failure.code, fbtrace_id: 'fake' } });
    }

    if (path === '/oauth/access_token') return this.accessToken(url, res);

    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !this.tokens.has(token) || this.revoked) return graphError(res, 190, 'Error validating access token: the session has been invalidated');
    const proof = createHmac('sha256', this.appSecret).update(token).digest('hex');
    if (url.searchParams.get('appsecret_proof') !== proof) return graphError(res, 100, 'Invalid appsecret_proof provided in the API argument');

    const answer = this.route(call.method, path, url, body);
    if (!answer) return graphError(res, 803, `Unknown path ${path}`);
    if (dropAfter) return void req.socket.destroy();
    json(res, answer.status ?? 200, answer.body, answer.headers);
  }

  private dialog(url: URL, res: ServerResponse): void {
    const redirect = new URL(url.searchParams.get('redirect_uri')!);
    const code = randomBytes(8).toString('hex');
    this.codes.add(code);
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { Location: redirect.toString() }).end();
  }

  private accessToken(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    if (q.get('client_id') !== this.appId || q.get('client_secret') !== this.appSecret) return graphError(res, 101, 'Error validating application');
    if (q.get('grant_type') === 'fb_exchange_token') {
      if (!this.tokens.has(q.get('fb_exchange_token') ?? '')) return graphError(res, 190, 'Invalid OAuth access token');
      return json(res, 200, { access_token: this.issueToken('long'), token_type: 'bearer', expires_in: 5_184_000 });
    }
    const code = q.get('code') ?? '';
    if (!this.codes.delete(code)) return graphError(res, 100, 'This authorization code has been used.');
    json(res, 200, { access_token: this.issueToken('short'), token_type: 'bearer', expires_in: 3600 });
  }

  private issueToken(kind: string): string {
    const token = `EAA${kind}${randomBytes(12).toString('hex')}`;
    this.tokens.add(token);
    return token;
  }

  private route(method: string, path: string, url: URL, body: Record<string, string>): { status?: number; body: unknown; headers?: Record<string, string> } | null {
    const segments = path.split('/').filter(Boolean);
    if (method === 'GET' && segments.length === 0 && url.searchParams.has('ids')) return this.readByIds(url);
    if (method === 'GET' && path === '/me') return { body: this.user };
    if (method === 'GET' && path === '/me/adaccounts') return this.paged(url, this.adAccounts);
    if (method === 'GET' && path === '/me/accounts') return this.paged(url, this.pages);
    const [first, edge] = segments;
    const account = this.adAccounts.find((a) => a.id === first);
    if (account && method === 'GET' && edge === 'campaigns') return { body: { data: this.campaigns.filter((c) => c.account === first).map(({ account: _, ...c }) => c) } };
    if (account && method === 'GET' && edge === 'adsets') return { body: { data: this.adSets.filter((s) => s.account === first).map(({ account: _, ...s }) => s) } };
    // Like Graph, an account's insights leave out deleted ads (their own edge still answers).
    if (account && method === 'GET' && edge === 'insights') return this.dailyInsightsRead(url, this.ads.filter((a) => a.account === first && a.status !== 'DELETED'), true);
    if (account && method === 'POST' && edge === 'adimages') {
      const bytes = Buffer.from(body.bytes ?? '', 'base64');
      if (bytes.length === 0) return { status: 400, body: { error: { message: 'Image bytes missing', code: 100 } } };
      const hash = createHash('md5').update(bytes).digest('hex');
      this.images.push({ hash, account: first, bytes });
      return { body: { images: { [body.filename ?? 'image.png']: { hash, url: `${this.url}/images/${hash}` } } } };
    }
    if (account && method === 'POST' && edge === 'adcreatives') {
      const spec = JSON.parse(body.object_story_spec ?? '{}') as { page_id?: string; link_data?: { image_hash?: string } };
      const problem = this.creativeProblem(first, spec, body);
      if (problem) return { status: 400, body: { error: { message: `(#100) ${problem}`, type: 'OAuthException', code: 100, fbtrace_id: 'fake' } } };
      const id = this.id('23850');
      this.creatives.push({
        id,
        account: first,
        name: body.name ?? '',
        object_story_spec: spec as Record<string, unknown>,
        asset_feed_spec: body.asset_feed_spec ? (JSON.parse(body.asset_feed_spec) as Record<string, unknown>) : undefined,
        degrees_of_freedom_spec: body.degrees_of_freedom_spec ? (JSON.parse(body.degrees_of_freedom_spec) as Record<string, unknown>) : undefined,
      });
      return { body: { id } };
    }
    if (account && method === 'POST' && edge === 'ads') {
      const creativeId = (JSON.parse(body.creative ?? '{}') as { creative_id?: string }).creative_id ?? '';
      if (!this.adSets.some((s) => s.id === body.adset_id && s.account === first)) return { status: 400, body: { error: { message: 'Invalid ad set', code: 100 } } };
      if (!this.creatives.some((c) => c.id === creativeId)) return { status: 400, body: { error: { message: 'Invalid creative', code: 100 } } };
      const id = this.id('23860');
      this.ads.push({ id, name: body.name ?? '', adset_id: body.adset_id, creative_id: creativeId, status: body.status ?? 'ACTIVE', account: first });
      return { body: { id } };
    }
    const adSet = this.adSets.find((s) => s.id === first);
    if (adSet && method === 'GET' && !edge) return { body: { id: adSet.id, name: adSet.name, status: adSet.status, campaign_id: adSet.campaign_id } };
    if (adSet && method === 'GET' && edge === 'ads') return { body: { data: this.ads.filter((a) => a.adset_id === first).map((a) => ({ id: a.id, creative: { id: a.creative_id } })) } };
    const ad = this.ads.find((a) => a.id === first);
    if (ad && method === 'GET' && edge === 'insights' && url.searchParams.has('time_increment')) return this.dailyInsightsRead(url, [ad], false);
    if (ad && method === 'GET' && edge === 'insights') return this.adInsights(ad, url);
    return null;
  }

  /**
   * An ad's effective_status as Graph derives it: its own DELETED, ARCHIVED or PAUSED win, then a
   * paused campaign (CAMPAIGN_PAUSED) or ad set (ADSET_PAUSED), then one a test set, else ACTIVE.
   */
  effectiveStatus(ad: FakeAd): string {
    if (ad.status === 'DELETED' || ad.status === 'ARCHIVED' || ad.status === 'PAUSED') return ad.status;
    const adSet = this.adSets.find((s) => s.id === ad.adset_id);
    const campaign = this.campaigns.find((c) => c.id === adSet?.campaign_id);
    if (campaign && campaign.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
    if (adSet && adSet.status !== 'ACTIVE') return 'ADSET_PAUSED';
    return ad.effectiveStatus ?? ad.status;
  }

  /**
   * GET /?ids=a,b&fields=...: each object by its id (deleted ads included, as Graph reads them by
   * id), only the fields asked for. Like Graph: an unknown field or more than 50 ids is refused
   * with (#100), and an id that names no object fails the whole read with (#803).
   */
  private readByIds(url: URL): { status?: number; body: unknown } {
    const invalid = (code: number, message: string) => ({ status: 400, body: { error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, fbtrace_id: 'fake' } } });
    const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0) return invalid(100, 'ids must name at least one object');
    if (ids.length > IDS_READ_MAX) return invalid(100, `Too many IDs. Maximum: ${IDS_READ_MAX}`);
    const fields = (url.searchParams.get('fields') ?? 'id').split(',').filter(Boolean);
    const unknownField = fields.find((field) => !AD_FIELDS.has(field));
    if (unknownField) return invalid(100, `Tried accessing nonexisting field (${unknownField}) on node type (Adgroup)`);
    const missing = ids.filter((id) => !this.ads.some((a) => a.id === id));
    if (missing.length > 0) return invalid(803, `Some of the aliases you requested do not exist: ${missing.join(',')}`);
    const answer: Record<string, Record<string, unknown>> = {};
    for (const id of ids) {
      const ad = this.ads.find((a) => a.id === id)!;
      const adSet = this.adSets.find((s) => s.id === ad.adset_id);
      const all: Record<string, unknown> = {
        id: ad.id,
        name: ad.name,
        adset_id: ad.adset_id,
        campaign_id: adSet?.campaign_id,
        account_id: ad.account.replace(/^act_/, ''),
        status: ad.status,
        configured_status: ad.status,
        effective_status: this.effectiveStatus(ad),
        creative: { id: ad.creative_id },
      };
      answer[id] = Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]]));
      answer[id].id = ad.id;
    }
    return { body: answer };
  }

  /** GET /{ad-id}/insights: only the fields asked for (and the period), one row over the preset, none before any delivery. */
  private adInsights(ad: FakeAd, url: URL): { status?: number; body: unknown } {
    const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
    const unknown = fields.find((field) => !INSIGHTS_FIELDS.has(field));
    if (unknown) return { status: 400, body: { error: { message: `(#100) ${unknown} is not valid for fields param. please check the ads insights reference for all valid values`, type: 'OAuthException', code: 100 } } };
    const preset = url.searchParams.get('date_preset');
    if (preset !== null && !INSIGHTS_DATE_PRESETS.has(preset)) return { status: 400, body: { error: { message: `(#100) date_preset must be one of the following values: ${[...INSIGHTS_DATE_PRESETS].join(', ')}`, type: 'OAuthException', code: 100 } } };
    const figures = this.insights.get(ad.id);
    if (!figures) return { body: { data: [], paging: {} } };
    const row: Record<string, string> = { date_start: figures.date_start, date_stop: figures.date_stop };
    for (const field of fields) if (field in figures) row[field] = figures[field as keyof FakeAdInsights];
    return { body: { data: [row], paging: {} } };
  }

  /**
   * What Graph refuses in a creative: an image hash the account has not uploaded; with
   * asset_feed_spec, images without ad labels, fewer than two customization rules, a rule whose
   * image label names no image or whose placements are not Meta's, link_data beside it, or an
   * ad format other than SINGLE_IMAGE; in degrees_of_freedom_spec, an unknown feature or an
   * enroll_status other than OPT_IN/OPT_OUT.
   */
  private creativeProblem(account: string, spec: { page_id?: string; link_data?: { image_hash?: string } }, body: Record<string, string>): string | null {
    const uploaded = (hash: unknown) => this.images.some((i) => i.hash === hash && i.account === account);
    if (!spec.page_id) return 'object_story_spec must name page_id';
    if (body.degrees_of_freedom_spec) {
      const dof = JSON.parse(body.degrees_of_freedom_spec) as { creative_features_spec?: Record<string, { enroll_status?: string }> };
      if (!dof.creative_features_spec || typeof dof.creative_features_spec !== 'object') return 'degrees_of_freedom_spec needs creative_features_spec';
      for (const [feature, setting] of Object.entries(dof.creative_features_spec)) {
        if (!CREATIVE_FEATURES.has(feature)) return `${feature} is not a valid creative feature`;
        if (setting?.enroll_status !== 'OPT_IN' && setting?.enroll_status !== 'OPT_OUT') return `enroll_status of ${feature} must be OPT_IN or OPT_OUT`;
      }
    }
    if (!body.asset_feed_spec) return linkDataProblem(spec.link_data) ?? (uploaded(spec.link_data?.image_hash) ? null : 'Invalid image hash');
    if (spec.link_data) return 'object_story_spec cannot carry link_data with asset_feed_spec';
    const languageFeed = JSON.parse(body.asset_feed_spec) as { optimization_type?: unknown };
    if (languageFeed.optimization_type === 'LANGUAGE') return languageFeedProblem(languageFeed, uploaded);
    const feed = JSON.parse(body.asset_feed_spec) as {
      images?: Array<{ hash?: string; adlabels?: Array<{ name?: string }> }>;
      ad_formats?: string[];
      asset_customization_rules?: Array<{ customization_spec?: Record<string, string[]>; image_label?: { name?: string } }>;
      link_urls?: Array<{ website_url?: string }>;
    };
    if (!Array.isArray(feed.images) || feed.images.length === 0) return 'asset_feed_spec needs images';
    const labels = new Set<string>();
    for (const image of feed.images) {
      if (!uploaded(image.hash)) return 'Invalid image hash';
      if (!Array.isArray(image.adlabels) || image.adlabels.length === 0 || image.adlabels.some((l) => !l.name)) return 'each image of asset_feed_spec needs adlabels with a name';
      for (const label of image.adlabels) labels.add(label.name!);
    }
    if (JSON.stringify(feed.ad_formats) !== JSON.stringify(['SINGLE_IMAGE'])) return 'ad_formats must be ["SINGLE_IMAGE"] for images';
    if (!Array.isArray(feed.link_urls) || !feed.link_urls[0]?.website_url) return 'asset_feed_spec needs link_urls';
    const rules = feed.asset_customization_rules;
    if (!Array.isArray(rules) || rules.length < 2) return 'asset_feed_spec needs at least two asset_customization_rules';
    for (const rule of rules) {
      if (!rule.image_label?.name || !labels.has(rule.image_label.name)) return 'image_label must name an adlabel of an image';
      const placements = rule.customization_spec ?? {};
      const platforms = placements.publisher_platforms;
      if (!Array.isArray(platforms) || platforms.length === 0 || platforms.some((p) => !(p in PLACEMENT_POSITIONS))) return 'customization_spec needs publisher_platforms';
      for (const platform of platforms) {
        const positions = placements[`${platform}_positions`];
        const allowed = PLACEMENT_POSITIONS[platform];
        if (allowed && (!Array.isArray(positions) || positions.length === 0 || positions.some((p) => !allowed.includes(p)))) return `${platform}_positions is required and must be valid`;
      }
    }
    return null;
  }

  /**
   * GET /{object}/insights with time_increment=1: one row per ad and day over time_range (or the
   * date preset), only the fields asked for, `limit` rows a page (25 by default, 500 at most) with
   * paging.next while more follow. Like Graph: an account read needs level=ad to name ads, a
   * filtering on ad.id keeps only those ads, and malformed parameters are refused with (#100).
   */
  private dailyInsightsRead(url: URL, ads: FakeAd[], accountLevel: boolean): { status?: number; body: unknown; headers?: Record<string, string> } {
    const q = url.searchParams;
    const invalid = (message: string) => ({ status: 400, body: { error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, fbtrace_id: 'fake' } } });
    const fields = (q.get('fields') ?? '').split(',').filter(Boolean);
    const unknown = fields.find((field) => !INSIGHTS_FIELDS.has(field));
    if (unknown) return invalid(`${unknown} is not valid for fields param. please check the ads insights reference for all valid values`);
    if (q.get('time_increment') !== '1') return invalid('time_increment must be 1 to 90, monthly or all_days');
    const level = q.get('level');
    if (level !== null && !INSIGHTS_LEVELS.has(level)) return invalid(`level must be one of the following values: ${[...INSIGHTS_LEVELS].join(', ')}`);
    if (accountLevel && level !== 'ad' && fields.includes('ad_id')) return invalid('ad_id is only available at level=ad');
    let since: string;
    let until: string;
    const range = q.get('time_range');
    if (range !== null) {
      let parsed: { since?: unknown; until?: unknown };
      try {
        parsed = JSON.parse(range) as { since?: unknown; until?: unknown };
      } catch {
        return invalid('time_range must be a JSON object with since and until');
      }
      if (typeof parsed.since !== 'string' || typeof parsed.until !== 'string' || !DAY.test(parsed.since) || !DAY.test(parsed.until)) return invalid('time_range must have since and until as YYYY-MM-DD');
      if (parsed.since > parsed.until) return invalid('time_range since must be before until');
      since = parsed.since;
      until = parsed.until;
    } else {
      const today = new Date().toISOString().slice(0, 10);
      since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      until = today;
    }
    let selected = ads;
    const filtering = q.get('filtering');
    if (filtering !== null) {
      let filters: Array<{ field?: unknown; operator?: unknown; value?: unknown }>;
      try {
        filters = JSON.parse(filtering) as typeof filters;
      } catch {
        return invalid('filtering must be a JSON array');
      }
      if (!Array.isArray(filters)) return invalid('filtering must be a JSON array');
      for (const filter of filters) {
        if (typeof filter.field !== 'string' || typeof filter.operator !== 'string' || !FILTER_OPERATORS.has(filter.operator)) return invalid('filtering needs field, operator and value');
        if (filter.field === 'ad.id' && filter.operator === 'IN') {
          if (!Array.isArray(filter.value)) return invalid('filtering IN needs an array value');
          const ids = new Set((filter.value as unknown[]).map(String));
          selected = selected.filter((ad) => ids.has(ad.id));
        }
      }
    }
    const limitParam = q.get('limit');
    const limit = limitParam === null ? INSIGHTS_DEFAULT_LIMIT : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1 || limit > INSIGHTS_MAX_LIMIT) return invalid(`limit must be 1 to ${INSIGHTS_MAX_LIMIT}`);
    const rows: Array<Record<string, unknown>> = [];
    // Graph leaves out an actions list that would be empty, and sends counts and values as decimal strings.
    const actionList = (byType: Record<string, number> | undefined) =>
      byType && Object.keys(byType).length > 0 ? Object.entries(byType).map(([action_type, value]) => ({ action_type, value: String(value) })) : undefined;
    for (const ad of selected) {
      const account = this.adAccounts.find((a) => a.id === ad.account)!;
      for (const day of this.dailyInsights.get(ad.id) ?? []) {
        if (day.date < since || day.date > until) continue;
        const all: Record<string, unknown> = {
          ad_id: ad.id,
          ad_name: ad.name,
          account_id: account.account_id,
          account_currency: account.currency,
          impressions: String(day.impressions),
          reach: String(day.reach ?? day.impressions),
          clicks: String(day.clicks),
          spend: day.spend.toFixed(2),
          ctr: day.impressions > 0 ? String((day.clicks / day.impressions) * 100) : '0',
          optimization_goal: day.optimizationGoal ?? 'LINK_CLICKS',
          actions: actionList(day.actions),
          action_values: actionList(day.actionValues),
        };
        const row: Record<string, unknown> = { date_start: day.date, date_stop: day.date };
        for (const field of fields) if (all[field] !== undefined) row[field] = all[field];
        rows.push(row);
      }
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    rows.sort((a, b) => (a.date_start === b.date_start ? text(a.ad_id).localeCompare(text(b.ad_id)) : text(a.date_start).localeCompare(text(b.date_start))));
    const offset = Number(q.get('after') ?? 0);
    const size = Math.min(limit, this.insightsPageCap);
    const page = rows.slice(offset, offset + size);
    let next: URL | null = null;
    if (offset + size < rows.length) {
      next = new URL(url);
      next.searchParams.set('after', String(offset + size));
      next.searchParams.delete('appsecret_proof');
    }
    return {
      headers: { 'x-fb-ads-insights-throttle': JSON.stringify({ app_id_util_pct: this.insightsThrottlePercent, acc_id_util_pct: this.insightsThrottlePercent, ads_api_access_tier: 'standard_access' }) },
      body: { data: page, paging: next ? { cursors: { before: String(offset), after: String(offset + size) }, next: next.toString() } : { cursors: { before: String(offset), after: String(offset) } } },
    };
  }

  /** One item a page, so the client has to follow paging.next to see them all. */
  private paged<T>(url: URL, items: T[]): { body: unknown } {
    const offset = Number(url.searchParams.get('after') ?? 0);
    const page = items.slice(offset, offset + 1);
    const next = offset + 1 < items.length ? new URL(url) : null;
    next?.searchParams.set('after', String(offset + 1));
    next?.searchParams.delete('appsecret_proof');
    return { body: { data: page, paging: next ? { next: next.toString() } : {} } };
  }

  private id(prefix: string): string {
    return `${prefix}${String(this.nextId++).padStart(8, '0')}`;
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function graphError(res: ServerResponse, code: number, message: string): void {
  json(res, code === 190 ? 401 : 400, { error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } });
}

