import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One ad's figures on one day, as a sync stores them. */
export interface DailyAdResult {
  network: string;
  adId: string;
  /** YYYY-MM-DD */
  date: string;
  organizationId: string;
  assetId: string | null;
  impressions: number;
  reach: number;
  clicks: number;
  spend: number;
  currency: string;
  /** The day's results: actions of the kind the ad set optimises for (see resultType). */
  results: number;
  /** What a result is ('link_click', 'purchase', 'reach', ...); null when the network did not say. */
  resultType: string | null;
  /** The value of the purchases the ad brought that day, in `currency`. */
  purchaseValue: number;
}

/** An asset's figures summed over a period (decimal and bigint columns come back as strings). */
export interface AssetResultRow {
  asset_id: string;
  asset_name: string | null;
  thumbnail_key: string | null;
  s3_key: string | null;
  width: number | null;
  height: number | null;
  prompt: string | null;
  ad_ids: string[];
  impressions: string;
  reach: string;
  clicks: string;
  spend: string;
  currency: string;
  results: string;
  /** The kind of result, when all its ads count the same kind; null otherwise. */
  result_type: string | null;
  purchase_value: string;
  days: Array<{ date: string; impressions: number; clicks: number; spend: number }>;
}

/**
 * The library's sort by results: a LEFT JOIN LATERAL that gives the listed asset `a` its CTR
 * (clicks per impression), spend, results and cost per result over the days since `since` (a SQL
 * date expression) as `${alias}.ctr`, `.spend`, `.results` and `.cost_per_result`, all NULL
 * without results (cost_per_result also without any result).
 */
export function assetResultsJoinSql(alias: string, since: string): string {
  return `LEFT JOIN LATERAL (
      SELECT sum(r.clicks)::numeric / NULLIF(sum(r.impressions), 0) AS ctr, sum(r.spend) AS spend, sum(r.results) AS results,
             sum(r.spend) / NULLIF(sum(r.results), 0) AS cost_per_result
        FROM ad_results r WHERE r.asset_id = a.id AND r.organization_id = a.organization_id AND r.date >= ${since}
    ) ${alias} ON true`;
}

/** An ad's figures summed over a period (decimal and bigint columns come back as strings). */
export interface AdFiguresRow {
  ad_id: string;
  impressions: string;
  clicks: string;
  spend: string;
  currency: string;
  results: string;
}

/** One day of an asset's figures (days without a row are absent). */
export interface AssetDayRow {
  date: string;
  impressions: string;
  clicks: string;
  spend: string;
  results: string;
  currency: string;
}

/** ad_results: each pushed ad's daily figures, one row per ad and day (a re-read replaces it). */
@Injectable()
export class AdResultsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores the rows; a day already stored for the ad is replaced, never added twice. */
  async upsert(rows: DailyAdResult[]): Promise<number> {
    if (rows.length === 0) return 0;
    const [, count]: [unknown, number] = await this.dataSource.query(
      `INSERT INTO ad_results (network, ad_id, date, organization_id, asset_id, impressions, reach, clicks, spend, currency, results, result_type, purchase_value)
       SELECT r.network, r.ad_id, r.date, r.organization_id, r.asset_id, r.impressions, r.reach, r.clicks, r.spend, r.currency, r.results, r.result_type, r.purchase_value
         FROM jsonb_to_recordset($1::jsonb) AS r(network text, ad_id text, date date, organization_id uuid, asset_id uuid,
              impressions bigint, reach bigint, clicks bigint, spend numeric, currency text, results numeric, result_type text, purchase_value numeric)
       ON CONFLICT (network, ad_id, date) DO UPDATE
          SET impressions = EXCLUDED.impressions, reach = EXCLUDED.reach, clicks = EXCLUDED.clicks, spend = EXCLUDED.spend,
              currency = EXCLUDED.currency, asset_id = EXCLUDED.asset_id, results = EXCLUDED.results, result_type = EXCLUDED.result_type,
              purchase_value = EXCLUDED.purchase_value, updated_at = now()`,
      [
        JSON.stringify(
          rows.map((r) => ({
            network: r.network,
            ad_id: r.adId,
            date: r.date,
            organization_id: r.organizationId,
            asset_id: r.assetId,
            impressions: r.impressions,
            reach: r.reach,
            clicks: r.clicks,
            spend: r.spend,
            currency: r.currency,
            results: r.results,
            result_type: r.resultType,
            purchase_value: r.purchaseValue,
          })),
        ),
      ],
    );
    return typeof count === 'number' ? count : rows.length;
  }

  /** The organization's figures per asset over the days from `since` (YYYY-MM-DD) on, best CTR first. */
  perAsset(organizationId: string, since: string): Promise<AssetResultRow[]> {
    return this.dataSource.query(
      `WITH daily AS (
         SELECT r.asset_id, r.date, sum(r.impressions) AS impressions, sum(r.reach) AS reach, sum(r.clicks) AS clicks, sum(r.spend) AS spend,
                min(r.currency) AS currency, array_agg(DISTINCT r.ad_id) AS ad_ids, sum(r.results) AS results, sum(r.purchase_value) AS purchase_value,
                array_agg(DISTINCT r.result_type) FILTER (WHERE r.result_type IS NOT NULL) AS result_types
           FROM ad_results r
          WHERE r.organization_id = $1 AND r.date >= $2::date AND r.asset_id IS NOT NULL
          GROUP BY r.asset_id, r.date
       )
       SELECT d.asset_id, a.name AS asset_name, a.thumbnail_key, a.s3_key, a.width, a.height, a.prompt,
              (SELECT array_agg(DISTINCT x) FROM daily d2, unnest(d2.ad_ids) x WHERE d2.asset_id = d.asset_id) AS ad_ids,
              sum(d.impressions)::text AS impressions, sum(d.reach)::text AS reach, sum(d.clicks)::text AS clicks, sum(d.spend)::text AS spend,
              min(d.currency) AS currency, sum(d.results)::text AS results, sum(d.purchase_value)::text AS purchase_value,
              (SELECT CASE WHEN count(DISTINCT t) = 1 THEN min(t) END FROM daily d3, unnest(d3.result_types) t WHERE d3.asset_id = d.asset_id) AS result_type,
              jsonb_agg(jsonb_build_object('date', to_char(d.date, 'YYYY-MM-DD'), 'impressions', d.impressions, 'clicks', d.clicks, 'spend', d.spend) ORDER BY d.date) AS days
         FROM daily d LEFT JOIN assets a ON a.id = d.asset_id AND a.organization_id = $1
        GROUP BY d.asset_id, a.name, a.thumbnail_key, a.s3_key, a.width, a.height, a.prompt
        ORDER BY sum(d.clicks)::numeric / NULLIF(sum(d.impressions), 0) DESC NULLS LAST, sum(d.spend) DESC, d.asset_id`,
      [organizationId, since],
    );
  }

  /** Each of these ads' figures over the days from `since` (YYYY-MM-DD) on; ads without rows are absent. */
  perAd(organizationId: string, network: string, adIds: string[], since: string): Promise<AdFiguresRow[]> {
    if (adIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT ad_id, sum(impressions)::text AS impressions, sum(clicks)::text AS clicks, sum(spend)::text AS spend, min(currency) AS currency, sum(results)::text AS results
         FROM ad_results WHERE organization_id = $1 AND network = $2 AND ad_id = ANY($3::text[]) AND date >= $4::date
        GROUP BY ad_id`,
      [organizationId, network, adIds, since],
    );
  }

  /** One asset's figures per day from `since` (YYYY-MM-DD) on, summed over its ads, oldest first. */
  assetDays(organizationId: string, assetId: string, since: string): Promise<AssetDayRow[]> {
    return this.dataSource.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, sum(impressions)::text AS impressions, sum(clicks)::text AS clicks, sum(spend)::text AS spend,
              sum(results)::text AS results, min(currency) AS currency
         FROM ad_results WHERE organization_id = $1 AND asset_id = $2 AND date >= $3::date
        GROUP BY date ORDER BY date`,
      [organizationId, assetId, since],
    );
  }

  /** When the organization's results were last stored, null before any. */
  async lastStoredAt(organizationId: string): Promise<Date | null> {
    const [row]: Array<{ at: Date | null }> = await this.dataSource.query(`SELECT max(updated_at) AS at FROM ad_results WHERE organization_id = $1`, [organizationId]);
    return row?.at ?? null;
  }

  /** Those of the ads that have at least one stored day. */
  async adsWithResults(network: string, adIds: string[]): Promise<Set<string>> {
    const rows: Array<{ ad_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT ad_id FROM ad_results WHERE network = $1 AND ad_id = ANY($2::text[])`,
      [network, adIds],
    );
    return new Set(rows.map((r) => r.ad_id));
  }
}
