import {
  AD_RESULT_RANGES,
  type AdResultDailyResponse,
  type AdResultDayDto,
  type AdResultDto,
  type AdResultsRefreshResponse,
  type AdResultsResponse,
  type DailyCreditUsage,
  type DashboardStats,
  type DashboardSummaryResponse,
  type DashboardTrends,
  type MoreLikeThisDto,
  PLAN_TIERS,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, componentRef, integer, listOf, nullableText, number, objectOf, text } from './v1-schemas';

const ctr = number({ nullable: true, description: 'Clicks per impression, a fraction; null without impressions' });
const range = integer({ enum: [...AD_RESULT_RANGES], description: 'Days' });
const day = text({ format: 'date', description: 'YYYY-MM-DD (UTC)' });
const spend = number({ description: 'In the ad account’s currency' });

/** What the organization's work amounts to: the dashboard, and how pushed creatives deliver. */
export const RESULTS_SCHEMAS = {
  DashboardSummary: objectOf<DashboardSummaryResponse>({
    stats: objectOf<DashboardStats>({
      generated_assets: integer(),
      credits_remaining: integer(),
      brand_profiles: integer(),
      plan_tier: text({ enum: [...PLAN_TIERS], description: 'Starter when the organization has no subscription' }),
      subscribed: boolean(),
    }),
    trends: objectOf<DashboardTrends>({
      generated_assets: objectOf<DashboardTrends['generated_assets']>({
        current_period: integer(),
        previous_period: integer(),
        change_percent: number({ nullable: true, description: 'null when the previous period had none' }),
      }),
      credits_used_this_week: integer({ description: 'Since Monday (UTC)' }),
      last_brand_profile_added_at: nullableText({ format: 'date-time' }),
      renews_at: nullableText({ format: 'date-time' }),
      cancels_at_period_end: boolean(),
    }),
    recent_generations: listOf(componentRef('V1Asset')),
    brand_profiles: listOf(componentRef('V1BrandProfile')),
    recent_transactions: listOf(componentRef('V1CreditTransaction')),
    credits_per_day: listOf(objectOf<DailyCreditUsage>({ date: day, credits_used: integer() }), { description: 'Oldest first, zero-filled' }),
  }),
  AdResults: objectOf<AdResultsResponse>({
    range,
    currency: nullableText({ description: 'The currency of most rows (each row names its own)' }),
    results: listOf(
      objectOf<AdResultDto>({
        assetId: text({ format: 'uuid' }),
        assetName: nullableText(),
        thumbnailKey: nullableText(),
        s3Key: nullableText(),
        width: integer({ nullable: true }),
        height: integer({ nullable: true }),
        prompt: nullableText(),
        adIds: listOf(text()),
        impressions: integer(),
        reach: integer(),
        clicks: integer(),
        spend,
        currency: text(),
        ctr,
        cpc: number({ nullable: true, description: 'Spend per click' }),
        cpm: number({ nullable: true, description: 'Spend per thousand impressions' }),
        results: integer(),
        resultType: nullableText({ description: "What a result is ('link_click', 'purchase', 'lead', 'reach', ...)" }),
        costPerResult: number({ nullable: true }),
        roas: number({ nullable: true, description: 'Purchase value per unit of spend' }),
        days: listOf(objectOf<AdResultDto['days'][number]>({ date: day, impressions: integer(), clicks: integer(), spend })),
      }),
    ),
    lastReadAt: nullableText({ format: 'date-time' }),
  }),
  AdResultsDaily: objectOf<AdResultDailyResponse>({
    assetId: text({ format: 'uuid' }),
    range,
    currency: nullableText(),
    days: listOf(objectOf<AdResultDayDto>({ date: day, impressions: integer(), clicks: integer(), spend, ctr, results: integer() })),
    totals: objectOf<AdResultDailyResponse['totals']>({ impressions: integer(), clicks: integer(), spend, ctr, results: integer() }),
  }),
  AdResultsRefreshed: objectOf<AdResultsRefreshResponse>({ message: text(), ads: integer(), rows: integer(), calls: integer({ description: 'Calls made to the networks' }) }),
  MoreLikeThis: objectOf<MoreLikeThisDto>({ assetId: text({ format: 'uuid' }), s3Key: text(), prompt: text(), brandProfileId: nullableText({ format: 'uuid' }), name: text() }),
} satisfies Record<string, SchemaObject>;
