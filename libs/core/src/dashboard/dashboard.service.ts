import {
  DASHBOARD_BRAND_PROFILES,
  DASHBOARD_RECENT_GENERATIONS,
  DASHBOARD_TRANSACTIONS,
  DASHBOARD_TREND_DAYS,
  DASHBOARD_USAGE_DAYS,
  DailyCreditUsage,
  DashboardSummaryResponse,
  DEFAULT_PLAN_TIER,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { toAssetDto } from '../assets/asset.mapper';
import { AssetLibraryService } from '../assets/asset-library.service';
import { AssetsRepository } from '../assets/assets.repository';
import { BillingService } from '../billing/billing.service';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import { CreditLedgerRepository } from '../credits/credit-ledger.repository';
import { toCreditTransactionDto } from '../credits/credit-transaction.mapper';
import { CreditsService } from '../credits/credits.service';
import { OrganizationsService } from '../organizations/organizations.service';

const DAY_MS = 24 * 3600 * 1000;

/** Everything the dashboard shows, from the domains that own it, in one answer. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly assetRows: AssetsRepository,
    private readonly ledger: CreditLedgerRepository,
    private readonly organizations: OrganizationsService,
    private readonly assets: AssetLibraryService,
    private readonly brandProfiles: BrandProfilesService,
    private readonly credits: CreditsService,
    private readonly billing: BillingService,
  ) {}

  async summary(organizationId: string, now = new Date()): Promise<DashboardSummaryResponse> {
    const [organization, assetCount, recent, profiles, transactions, billing, assetTrend, weekUsage, perDay] = await Promise.all([
      this.organizations.findById(organizationId),
      this.assets.count(organizationId),
      this.assets.list(organizationId, { limit: DASHBOARD_RECENT_GENERATIONS, sort: 'newest' }),
      this.brandProfiles.list(organizationId),
      this.credits.listTransactions(organizationId, { limit: DASHBOARD_TRANSACTIONS, type: 'all' }),
      this.billing.billingDetails(organizationId),
      this.assetTrend(organizationId, now),
      this.creditsUsedSince(organizationId, startOfIsoWeek(now)),
      this.creditsPerDay(organizationId, now),
    ]);
    const subscription = billing.subscription;
    return {
      stats: {
        generated_assets: assetCount,
        credits_remaining: organization?.credits ?? 0,
        brand_profiles: profiles.length,
        plan_tier: organization?.plan_tier ?? DEFAULT_PLAN_TIER,
        subscribed: subscription !== null,
      },
      trends: {
        generated_assets: assetTrend,
        credits_used_this_week: weekUsage,
        last_brand_profile_added_at: profiles.length > 0 ? profiles.reduce((a, b) => (a.created_at > b.created_at ? a : b)).created_at : null,
        renews_at: subscription?.current_period_end ?? null,
        cancels_at_period_end: subscription?.cancel_at_period_end ?? false,
      },
      recent_generations: recent.assets.map(toAssetDto),
      brand_profiles: profiles.slice(0, DASHBOARD_BRAND_PROFILES),
      recent_transactions: transactions.transactions.map(toCreditTransactionDto),
      credits_per_day: perDay,
    };
  }

  /** Assets created in the last 30 days against the 30 before. */
  private async assetTrend(organizationId: string, now: Date): Promise<DashboardSummaryResponse['trends']['generated_assets']> {
    const row = await this.assetRows.countCreatedAround(organizationId, {
      from: new Date(now.getTime() - 2 * DASHBOARD_TREND_DAYS * DAY_MS),
      split: new Date(now.getTime() - DASHBOARD_TREND_DAYS * DAY_MS),
      to: now,
    });
    const changePercent = row.previous === 0 ? null : Math.round(((row.current - row.previous) / row.previous) * 100);
    return { current_period: row.current, previous_period: row.previous, change_percent: changePercent };
  }

  /** Credits spent since `since`: usage minus what was refunded. */
  private async creditsUsedSince(organizationId: string, since: Date): Promise<number> {
    return Math.max(0, await this.ledger.creditsUsedSince(organizationId, since));
  }

  /** The last 30 days (UTC), oldest first, zero-filled. */
  private async creditsPerDay(organizationId: string, now: Date): Promise<DailyCreditUsage[]> {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const first = new Date(today - (DASHBOARD_USAGE_DAYS - 1) * DAY_MS);
    const rows = await this.ledger.creditsUsedPerDaySince(organizationId, first);
    const byDay = new Map(rows.map((r) => [r.day, Math.max(0, r.used)]));
    return Array.from({ length: DASHBOARD_USAGE_DAYS }, (_, i) => {
      const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      return { date, credits_used: byDay.get(date) ?? 0 };
    });
  }
}

/** Monday 00:00 UTC of the week containing `now`. */
export function startOfIsoWeek(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}
