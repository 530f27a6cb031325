// How pushed creatives deliver: the figures of GET /api/ad-results, the 'Refresh results' answer,
// the placements and automatic creative changes of a multi-asset push.
import type { MetaPushDto } from './meta';

/** The periods (in days, today included) the figures cover. */
export const AD_RESULT_RANGES = [7, 14, 28] as const;
export type AdResultRange = (typeof AD_RESULT_RANGES)[number];
export const AD_RESULT_DEFAULT_RANGE: AdResultRange = 28;
/** The library's results badge covers this many days. */
export const AD_RESULT_BADGE_RANGE: AdResultRange = 7;
/** The library sorts by results over this many days. */
export const AD_RESULT_SORT_RANGE: AdResultRange = 28;

/** Daily rows re-read on each sync after the first (a day's figures keep changing for a while). */
export const AD_RESULT_REREAD_DAYS = 3;

/** One asset's figures over the range, summed over the ads pushed from it. */
export interface AdResultDto {
  assetId: string;
  assetName: string | null;
  /** The asset's thumbnail key (for /api/assets/file/...?variant=thumb), null once it is deleted. */
  thumbnailKey: string | null;
  s3Key: string | null;
  width: number | null;
  height: number | null;
  prompt: string | null;
  adIds: string[];
  impressions: number;
  reach: number;
  clicks: number;
  /** In `currency`, the ad account's. */
  spend: number;
  currency: string;
  /** Clicks per impression, a fraction (0.0123 is 1.23 %); null without impressions. */
  ctr: number | null;
  /** Spend per click; null without clicks. */
  cpc: number | null;
  /** Spend per thousand impressions; null without impressions. */
  cpm: number | null;
  /** Actions of the kind the ad sets optimise for (link clicks, purchases, leads...), or their reach or impressions when they optimise for those. */
  results: number;
  /** What a result is ('link_click', 'purchase', 'lead', 'reach', ...); null when unknown or mixed. */
  resultType: string | null;
  /** Spend per result; null without results. */
  costPerResult: number | null;
  /** Purchase value per unit of spend; null without purchases. */
  roas: number | null;
  /** Each day's figures in the range that has any, oldest first. */
  days: Array<{ date: string; impressions: number; clicks: number; spend: number }>;
}

export interface AdResultsResponse {
  range: AdResultRange;
  /** The currency of most rows (each row also names its own). */
  currency: string | null;
  results: AdResultDto[];
  /** When results were last read from the network, null before the first read. */
  lastReadAt: string | null;
}

/** One day of a creative's figures; a day it did not deliver has zeros. */
export interface AdResultDayDto {
  /** YYYY-MM-DD */
  date: string;
  impressions: number;
  clicks: number;
  /** In the response's `currency`. */
  spend: number;
  /** Clicks per impression, a fraction; null without impressions. */
  ctr: number | null;
  results: number;
}

/** GET /api/ad-results/{assetId}/daily?range=7|14|28: every day of the range, oldest first (the chart per creative). */
export interface AdResultDailyResponse {
  assetId: string;
  range: AdResultRange;
  /** The ad account's currency, null while the creative has no figures. */
  currency: string | null;
  days: AdResultDayDto[];
  totals: { impressions: number; clicks: number; spend: number; ctr: number | null; results: number };
}

export interface AdResultsRefreshResponse {
  message: string;
  ads: number;
  rows: number;
  calls: number;
}

/** Where a multi-placement push shows its images: feed (4:5 or 1:1) and stories/reels (9:16). */
export const AD_PLACEMENT_GROUPS = ['feed', 'stories'] as const;
export type AdPlacementGroup = (typeof AD_PLACEMENT_GROUPS)[number];
/** What `placements` accepts, and the group each value names. */
export const AD_PLACEMENT_ALIASES: Record<string, AdPlacementGroup> = {
  feed: 'feed',
  '4:5': 'feed',
  '1:1': 'feed',
  stories: 'stories',
  story: 'stories',
  reels: 'stories',
  '9:16': 'stories',
};
export const AD_PLACEMENT_VALUES = Object.keys(AD_PLACEMENT_ALIASES);

/** Meta's Advantage+ creative features for single-image ads; each is sent opted out unless the user turns it on. */
export const META_CREATIVE_FEATURES = ['image_touchups', 'image_template', 'text_optimizations', 'inline_comment'] as const;
export type MetaCreativeFeature = (typeof META_CREATIVE_FEATURES)[number];

/** Assets one push may carry (each its own paused ad, all in one ad set). */
export const META_PUSH_MAX_ASSETS = 10;

export const AD_RESULTS_MESSAGES = {
  invalidRange: `range must be one of: ${AD_RESULT_RANGES.join(', ')}`,
  refreshed: 'Results refreshed',
  refreshTooSoon: 'Results were refreshed a moment ago; try again in a minute',
  invalidPlacements: `placements must name feed and/or stories: ${AD_PLACEMENT_VALUES.join(', ')}`,
  invalidAssetIds: `assetIds must list 1 to ${META_PUSH_MAX_ASSETS} asset ids`,
  invalidCreativeFeatures: `creativeFeatures must list only: ${META_CREATIVE_FEATURES.join(', ')}`,
} as const;

/** What 'Make more like this' opens the Studio with. */
export interface MoreLikeThisDto {
  assetId: string;
  s3Key: string;
  prompt: string;
  brandProfileId: string | null;
  name: string;
}

/** The copy of a multi-asset push's ads (each optional; the asset's prompt and the organization's site stand in). */
export interface MetaAdCopy {
  primaryText?: string;
  headline?: string;
  description?: string;
  callToAction?: string;
  link?: string;
}

/** POST /api/meta/push-ads: 1 to 10 assets, each its own paused ad in one ad set, every placement in one creative. */
export interface MetaPushAdsRequest extends MetaAdCopy {
  assetIds: string[];
  adAccountId: string;
  adSetId: string;
  campaignId: string;
  pageId: string;
  /** The ads' name; each asset's name follows it when several are pushed. Defaults to the asset's name. */
  creativeName?: string;
  /** feed (4:5 or 1:1) and/or stories (9:16, also reels); both by default. */
  placements?: string[];
  /** Meta's automatic creative changes to turn on; every other is sent opted out. */
  creativeFeatures?: string[];
}

/** Meta's calls to action a push may name. */
export const META_CALLS_TO_ACTION = ['LEARN_MORE', 'SHOP_NOW', 'SIGN_UP', 'BOOK_NOW', 'CONTACT_US', 'DOWNLOAD', 'GET_OFFER', 'SUBSCRIBE', 'APPLY_NOW', 'ORDER_NOW'] as const;
/** Meta's limits on ad copy (characters). */
export const META_COPY_LIMITS = { primaryText: 2200, headline: 255, description: 255, link: 1024 } as const;

/** POST /api/meta/push-ads: each asset's push (status, Meta's ad id, or why it failed). */
export interface MetaPushAdsResponse {
  message: string;
  batchId: string;
  pushes: MetaPushDto[];
}
