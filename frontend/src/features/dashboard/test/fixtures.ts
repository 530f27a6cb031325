import type { AssetDto, BrandProfileDto, CreditTransactionDto, DashboardSummaryResponse } from '@brandloom/contracts';

export function makeAsset(i: number): AssetDto {
  return {
    id: `asset-${i}`,
    name: `Asset ${i}`,
    s3_key: `org/asset-${i}.png`,
    thumbnail_key: `org/asset-${i}.thumb.webp`,
    content_type: 'image/png',
    width: 1024,
    height: 1024,
    file_size: 2048,
    parent_asset_id: null,
    format: null,
    method: null,
    test_image: false,
    prompt: 'A lighthouse',
    brand_profile_id: null,
    brand_profile_name: null,
    folder_id: null,
    generation_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    url: `/api/assets/file/org/asset-${i}.png`,
    thumbnailUrl: `/api/assets/file/org/asset-${i}.png?variant=thumb`,
  };
}

export function makeProfile(i: number, name: string, tags: string[] = []): BrandProfileDto {
  return {
    id: `profile-${i}`,
    name,
    description: null,
    brand_data: { brandPersonality: tags },
    asset_count: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    source_images: [],
    logos: [],
  };
}

export function makeTransaction(i: number, amount: number, description: string, type: CreditTransactionDto['type'] = amount < 0 ? 'usage' : 'purchase'): CreditTransactionDto {
  return {
    id: `tx-${i}`,
    created_at: '2026-11-2' + String(i % 10) + 'T10:00:00.000Z',
    type,
    transaction_type: type,
    description,
    brand_name: null,
    amount,
    status: 'completed',
  };
}

function days(values: (day: number) => number) {
  return Array.from({ length: 30 }, (_, i) => ({ date: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10), credits_used: values(i) }));
}

export function emptySummary(): DashboardSummaryResponse {
  return {
    stats: { generated_assets: 0, credits_remaining: 25, brand_profiles: 0, plan_tier: 'Starter', subscribed: false },
    trends: {
      generated_assets: { current_period: 0, previous_period: 0, change_percent: null },
      credits_used_this_week: 0,
      last_brand_profile_added_at: null,
      renews_at: null,
      cancels_at_period_end: false,
    },
    recent_generations: [],
    brand_profiles: [],
    recent_transactions: [],
    credits_per_day: days(() => 0),
  };
}

const DAY = 24 * 60 * 60 * 1000;

export function fullSummary(now = Date.now()): DashboardSummaryResponse {
  return {
    stats: { generated_assets: 42, credits_remaining: 137, brand_profiles: 2, plan_tier: 'Pro', subscribed: true },
    trends: {
      generated_assets: { current_period: 12, previous_period: 10, change_percent: 20 },
      credits_used_this_week: 8,
      last_brand_profile_added_at: new Date(now - 2 * DAY - 1000).toISOString(),
      renews_at: new Date(now + 17 * DAY - 1000).toISOString(),
      cancels_at_period_end: false,
    },
    recent_generations: Array.from({ length: 6 }, (_, i) => makeAsset(i + 1)),
    brand_profiles: [
      makeProfile(1, 'Acme Coffee Roasters', ['Bold', 'Warm', 'Playful', 'Modern']),
      makeProfile(2, 'northwind', ['Calm']),
    ],
    recent_transactions: [
      makeTransaction(1, -4, 'Generation: lighthouse'),
      makeTransaction(2, 250, 'Credit purchase: Small'),
      makeTransaction(3, 25, 'Welcome bonus', 'bonus'),
      makeTransaction(4, -2, 'Generation: harbour'),
      makeTransaction(5, 2, 'Refund', 'refund'),
    ],
    credits_per_day: days((i) => (i === 29 ? 6 : i === 28 ? 2 : 0)),
  };
}
