import type { BrandProfileDto } from './brand-profiles';
import type { CreditTransactionDto } from './credits';
import type { AssetDto } from './library';
import type { PlanTier } from './organizations';

export const DASHBOARD_RECENT_GENERATIONS = 6;
export const DASHBOARD_BRAND_PROFILES = 4;
export const DASHBOARD_TRANSACTIONS = 5;
export const DASHBOARD_USAGE_DAYS = 30;
/** Generated assets of the last N days are compared with the N days before. */
export const DASHBOARD_TREND_DAYS = 30;

export interface DashboardStats {
  generated_assets: number;
  credits_remaining: number;
  brand_profiles: number;
  /** Starter when the organization has no subscription. */
  plan_tier: PlanTier;
  /** Whether the organization has a subscription (without one it uses its welcome credits with Starter's limits). */
  subscribed: boolean;
}

export interface DashboardTrends {
  /** Assets created in the last 30 days against the 30 days before; change_percent null when the previous period had none. */
  generated_assets: { current_period: number; previous_period: number; change_percent: number | null };
  /** Credits spent (usage minus refunds) since the start of this ISO week (Monday, UTC). */
  credits_used_this_week: number;
  /** created_at of the newest brand profile, or null when there is none. */
  last_brand_profile_added_at: string | null;
  /** Current period end of an active subscription, or null (no subscription: no trend). */
  renews_at: string | null;
  /** true when the subscription ends at renews_at instead of renewing. */
  cancels_at_period_end: boolean;
}

export interface DailyCreditUsage {
  /** YYYY-MM-DD (UTC). */
  date: string;
  credits_used: number;
}

/** GET /api/dashboard/summary: everything the dashboard shows, in one request. */
export interface DashboardSummaryResponse {
  stats: DashboardStats;
  trends: DashboardTrends;
  /** Newest first, at most DASHBOARD_RECENT_GENERATIONS. */
  recent_generations: AssetDto[];
  /** Newest first, at most DASHBOARD_BRAND_PROFILES. */
  brand_profiles: BrandProfileDto[];
  /** Newest first, at most DASHBOARD_TRANSACTIONS. */
  recent_transactions: CreditTransactionDto[];
  /** Oldest first, exactly DASHBOARD_USAGE_DAYS days ending today (UTC), zero-filled. */
  credits_per_day: DailyCreditUsage[];
}
