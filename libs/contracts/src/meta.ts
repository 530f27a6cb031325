import type { PlanTier } from './organizations';
import type { Language } from './users';

/** Meta (Facebook) ads integration: the push dialog's types, routes and messages; Team+ only (docs/decisions.md). */

export const META_PLAN_TIERS: readonly PlanTier[] = ['Team+'];
export const META_REQUIRED_PLAN: PlanTier = 'Team+';
export const metaAllowedOn = (planTier: string | null | undefined): boolean => META_PLAN_TIERS.includes((planTier ?? '') as PlanTier);

/** What the OAuth dialog asks for. */
export const META_SCOPES = ['ads_management', 'ads_read', 'pages_show_list', 'pages_read_engagement', 'business_management'] as const;

export const META_CREATIVE_NAME_MAX_LENGTH = 100;
/** Longest primary text (link_data.message) and headline (link_data.name) a creative is sent with. */
export const META_MESSAGE_MAX_LENGTH = 500;
export const META_HEADLINE_MAX_LENGTH = 255;
/** Longest link an ad may lead to (a URL field; Meta's own bound is higher). */
export const META_LINK_MAX_LENGTH = 1024;
/** An ad account whose account_status is anything else is inactive. */
export const META_ACTIVE_ACCOUNT_STATUS = 1;
/** Status polled every 30 s, cached 15 minutes; campaign search above 5 campaigns, 300 ms debounce. */
export const META_STATUS_POLL_MS = 30_000;
export const META_STATUS_CACHE_MS = 15 * 60_000;
export const META_CAMPAIGN_SEARCH_THRESHOLD = 5;
export const META_CAMPAIGN_SEARCH_DEBOUNCE_MS = 300;
/** The push request waits this long for its job, then answers 202 with the push id. */
export const META_PUSH_WAIT_MS = 30_000;
/** The dialog shows this many pages, then '+N more pages'. */
export const META_PAGES_SHOWN = 3;

export const META_MESSAGES = {
  // Members read what it means for them; administrators read what to set (adminNotConfigured).
  notConfigured: 'Pushing to Meta is not available yet. Ask an administrator of Brandloom to turn it on.',
  adminNotConfigured: 'To turn on pushing to Meta, set META_APP_ID, META_APP_SECRET and META_TOKEN_KEY (in .env or the environment) and restart Brandloom.',
  planUpgrade: `Pushing to Meta is part of the ${META_REQUIRED_PLAN} plan.`,
  planRequired: `The Meta integration is available on the ${META_REQUIRED_PLAN} plan. Upgrade to connect your Meta Business account.`,
  notConnected: 'Meta account not connected',
  notConnectedDescription: 'Please connect your Meta Business account first to push assets to your campaigns.',
  invalidState: 'The Meta sign-in could not be verified. Please try connecting again.',
  expired: 'Your Meta connection has expired. Please reconnect your Meta Business account.',
  rateLimited: 'Meta is limiting requests right now. Please try again in a few minutes.',
  accountNotFound: 'Ad account not found',
  accountInactive: 'This ad account is inactive',
  pageNotFound: 'Facebook page not found',
  campaignNotFound: 'Campaign not found',
  adSetNotInCampaign: 'The ad set does not belong to the chosen campaign',
  pushNotFound: 'Push not found',
  adNotFound: 'Ad not found',
  invalidSignedRequest: 'Invalid signed_request',
  deletionNotFound: 'Deletion request not found',
  pushed: 'Creative added to your campaign as a paused ad',
  pushFailed: 'Push failed',
  /** Meta answered that the Graph API version (or a field or call of it) this server uses is retired (error code meta_graph_retired). */
  versionRetired: (version: string) =>
    `Meta no longer accepts the Graph API version this Brandloom server uses (${version}). An administrator has been notified and must update the Meta integration; please try again later.`,
  featureRetired: (version: string) =>
    `Meta no longer supports part of what Brandloom asks for with Graph API version ${version}. An administrator has been notified and must update the Meta integration; please try again later.`,
  // The dialog's words.
  selectAdAccount: 'Please select an ad account',
  selectPage: 'Please select a Facebook page',
  selectCampaign: 'Please select a campaign',
  selectAdSet: 'Please select an ad set',
  enterCreativeName: 'Please enter a creative name',
  creativeNameTooLong: `Creative name must be at most ${META_CREATIVE_NAME_MAX_LENGTH} characters`,
  linkInvalid: `link must be an https:// address of at most ${META_LINK_MAX_LENGTH} characters`,
  linkRequired: "An ad's button needs a link: give one, or add your website in Settings → Organization",
  noTranslations: 'This ad has no rendered translations to combine: save translations of it in the composer first, or push it as one language',
  multiLanguageNeedsAd: 'Only an ad (made in the composer) can be pushed as a multi-language ad',
  missingInformation: 'Missing Information',
  missingInformationDescription: 'Please complete all required fields before pushing.',
  pushFailedTitle: 'Push Failed',
  pushFailedDescription: 'Unable to push asset to Meta. Please try again.',
  campaignsFailed: 'Failed to load campaigns. Please try again.',
  noAdAccounts: 'No ad accounts found',
  noPages: 'No pages found',
  noCampaigns: 'No campaigns found',
  noAdSets: 'No ad sets found',
  noCampaignsMatching: (term: string) => `No campaigns found matching "${term}"`,
  connectionError: 'Connection Error',
  disconnectError: 'Disconnect Error',
  refreshError: 'Refresh Error',
  disconnected: 'Meta Disconnected',
  refreshed: 'Data Refreshed',
} as const;

/** The default creative name. */
export const defaultCreativeName = (assetName: string): string => `${assetName} - Meta Ad`.slice(0, META_CREATIVE_NAME_MAX_LENGTH);

/**
 * Ads Manager with the new ads selected (the account number without its act_ prefix). Ads Manager
 * takes several selected ads as one comma-separated list, as it writes them itself.
 */
export const adsManagerUrl = (adAccountId: string, adIds: string | readonly string[]): string =>
  `https://adsmanager.facebook.com/adsmanager/manage/ads?act=${encodeURIComponent(adAccountId.replace(/^act_/, ''))}&selected_ad_ids=${encodeURIComponent([adIds].flat().join(','))}`;

export interface MetaAdAccountDto {
  /** 'act_123'. */
  id: string;
  name: string;
  /** Meta's account_status: 1 is active. */
  status: number;
  currency: string;
}

export interface MetaPageDto {
  id: string;
  name: string;
}

/** GET /api/meta/status. */
export interface MetaStatusResponse {
  connected: boolean;
  /** Whether the organization's plan includes the integration. */
  plan_allows: boolean;
  /** Whether this server has a Meta app configured. */
  configured: boolean;
  /** The token was refused by Meta (code 190): the user must reconnect. */
  expired: boolean;
  metaUser: { id: string; name: string } | null;
  connectedAt: string | null;
  adAccounts: MetaAdAccountDto[];
  pages: MetaPageDto[];
  lastSync: string | null;
}

export interface MetaAuthUrlResponse {
  loginUrl: string;
}

export interface MetaAdSetDto {
  id: string;
  name: string;
  status: string;
}

export interface MetaCampaignDto {
  id: string;
  name: string;
  status: string;
  objective: string | null;
  adsets: MetaAdSetDto[];
}

export interface MetaCampaignsResponse {
  campaigns: MetaCampaignDto[];
}

export interface MetaPushRequest {
  assetId: string;
  adAccountId: string;
  adSetId: string;
  pageId: string;
  campaignId: string;
  creativeName: string;
  /** Ad formats: push the asset's image in this format (made beforehand) instead of the asset itself. */
  format?: string;
  /** Where the ad leads (https); the organization's website when absent. */
  link?: string;
  /**
   * An ad with translations (the same ad saved in other languages): true pushes one creative that
   * carries every language (Meta's multi-language ads: asset_feed_spec with a rule per language),
   * Meta showing each viewer their language; absent or false pushes the asset's own language only.
   */
  multiLanguage?: boolean;
}

/**
 * The Meta ad locales (targeting locale ids, Graph's /search?type=adlocale) that see each language
 * of a multi-language ad: English (All), Spanish (All), French (All) and German.
 */
export const META_LANGUAGE_LOCALES: Record<Language, number[]> = { 'en-US': [1001], es: [1002], fr: [1003], de: [5] };
/** The ad label each language's assets carry in a multi-language creative. */
export const META_LANGUAGE_LABELS: Record<Language, string> = { 'en-US': 'en_XX', es: 'es_XX', fr: 'fr_XX', de: 'de_DE' };

export type MetaPushStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface MetaPushDto {
  id: string;
  status: MetaPushStatus;
  assetId: string | null;
  assetName: string | null;
  adAccountId: string;
  campaignId: string;
  adSetId: string;
  pageId: string;
  creativeName: string;
  /** Placement groups of a multi-placement push (feed, stories), null for a single image. */
  placements?: string[] | null;
  /** Meta's automatic creative changes turned on for the push (all others were sent opted out). */
  creativeFeatures?: string[] | null;
  creativeId: string | null;
  adId: string | null;
  error: string | null;
  /** A failed push's stable error code (`meta_graph_retired`, `meta_token_expired`, …), for screens to word it; null otherwise. */
  errorCode: string | null;
  /** Who pushed (username), when known. */
  pushedBy: string | null;
  /** The ad's effective_status as Meta last reported it (ACTIVE, PAUSED, ADSET_PAUSED, DELETED, ...); null before the first read. */
  adStatus?: string | null;
  /** When the ad's status was last read from Meta. */
  adStatusReadAt?: string | null;
  /** In GET /api/meta/pushes: the ad's figures over the range asked for (null when it has none). */
  figures?: MetaPushFiguresDto | null;
  createdAt: string;
  completedAt: string | null;
}

/** POST /api/meta/push-asset: 201 when the ad exists; 202 { pushId } when the job is still running. */
export interface MetaPushResponse {
  message: string;
  adResult: { id: string };
  push: MetaPushDto;
}

export interface MetaPushAcceptedResponse {
  message: string;
  pushId: string;
}

/** Ad statuses Meta reports for an ad that no longer exists there (shown as deleted in Meta). */
export const META_AD_GONE_STATUSES = ['DELETED', 'ARCHIVED'] as const;
export const isMetaAdGone = (status: string | null | undefined): boolean => (META_AD_GONE_STATUSES as readonly string[]).includes(status ?? '');

/** One pushed ad's figures over a range (spend in the ad account's currency; ctr a fraction). */
export interface MetaPushFiguresDto {
  impressions: number;
  clicks: number;
  spend: number;
  currency: string;
  ctr: number | null;
  results: number;
  costPerResult: number | null;
}

/** GET /api/meta/pushes?range=7|14|28 (28 by default): each push, newest first, with its ad's figures over the range. */
export interface MetaPushesResponse {
  range?: number;
  pushes: MetaPushDto[];
}

/** POST /api/meta/data-deletion (Meta's callback). */
export interface MetaDataDeletionResponse {
  url: string;
  confirmation_code: string;
}

/** GET /api/meta/data-deletion/{code}: the public status of a deletion request. */
export interface MetaDataDeletionStatusDto {
  confirmation_code: string;
  status: 'completed';
  requested_at: string;
  completed_at: string | null;
}

/** An https URL within META_LINK_MAX_LENGTH with a host that has a dot (what a push's link takes). */
export function isPushLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > META_LINK_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}
