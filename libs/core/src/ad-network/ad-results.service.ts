import { AD_RESULTS_MESSAGES, type AdResultDailyResponse, type AdResultDto, type MetaPushFiguresDto, type AdResultRange, type AdResultsRefreshResponse, type AdResultsResponse } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AdNetworks } from './ad-network.registry';
import { AdResultsRepository, type AssetResultRow } from './ad-results.repository';

const DAY_MS = 86_400_000;

/** The first day (YYYY-MM-DD, UTC) of a range of `days` days that ends today. */
export function rangeStart(days: number, now = Date.now()): string {
  return new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** How pushed creatives deliver, per asset, and reading them again from every network on demand. */
@Injectable()
export class AdResultsService {
  constructor(
    private readonly results: AdResultsRepository,
    private readonly networks: AdNetworks,
  ) {}

  async figures(organizationId: string, range: AdResultRange): Promise<AdResultsResponse> {
    const rows = await this.results.perAsset(organizationId, rangeStart(range));
    const results = rows.map(toAdResultDto);
    const currencies = new Map<string, number>();
    for (const r of results) currencies.set(r.currency, (currencies.get(r.currency) ?? 0) + 1);
    const currency = [...currencies.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    const lastReadAt = await this.results.lastStoredAt(organizationId);
    return { range, currency, results, lastReadAt: lastReadAt ? new Date(lastReadAt).toISOString() : null };
  }

  /**
   * One asset's figures for every day of the range (zeros on days without delivery), oldest first.
   * The caller has checked the asset is the organization's.
   */
  async daily(organizationId: string, assetId: string, range: AdResultRange, now = Date.now()): Promise<AdResultDailyResponse> {
    const since = rangeStart(range, now);
    const rows = new Map((await this.results.assetDays(organizationId, assetId, since)).map((row) => [row.date, row]));
    const days = Array.from({ length: range }, (_, i) => {
      const date = new Date(Date.parse(`${since}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
      const row = rows.get(date);
      const impressions = Number(row?.impressions ?? 0);
      const clicks = Number(row?.clicks ?? 0);
      return { date, impressions, clicks, spend: money(Number(row?.spend ?? 0)), ctr: impressions > 0 ? clicks / impressions : null, results: Number(row?.results ?? 0) };
    });
    const sum = (key: 'impressions' | 'clicks' | 'spend' | 'results') => days.reduce((total, day) => total + day[key], 0);
    const impressions = sum('impressions');
    return {
      assetId,
      range,
      currency: [...rows.values()][0]?.currency ?? null,
      days,
      totals: { impressions, clicks: sum('clicks'), spend: money(sum('spend')), ctr: impressions > 0 ? sum('clicks') / impressions : null, results: sum('results') },
    };
  }

  /** Each of these ads' figures over the range, by ad id (ads without figures are absent). */
  async perAd(organizationId: string, network: string, adIds: string[], range: AdResultRange): Promise<Map<string, MetaPushFiguresDto>> {
    const rows = await this.results.perAd(organizationId, network, [...new Set(adIds)], rangeStart(range));
    return new Map(
      rows.map((row) => {
        const impressions = Number(row.impressions);
        const clicks = Number(row.clicks);
        const spend = money(Number(row.spend));
        const results = Number(row.results);
        return [row.ad_id, { impressions, clicks, spend, currency: row.currency, ctr: impressions > 0 ? clicks / impressions : null, results, costPerResult: results > 0 ? money(spend / results) : null }];
      }),
    );
  }

  /** Reads the organization's results from each network now. */
  async refresh(organizationId: string): Promise<AdResultsRefreshResponse> {
    const answer: AdResultsRefreshResponse = { message: AD_RESULTS_MESSAGES.refreshed, ads: 0, rows: 0, calls: 0 };
    for (const network of this.networks.all()) {
      const outcome = await network.syncResults(organizationId);
      answer.ads += outcome.ads;
      answer.rows += outcome.rows;
      answer.calls += outcome.calls;
    }
    return answer;
  }
}

/** An amount of money to the cent. */
const money = (amount: number) => Math.round(amount * 100) / 100;

function toAdResultDto(row: AssetResultRow): AdResultDto {
  const impressions = Number(row.impressions);
  const clicks = Number(row.clicks);
  const spend = Math.round(Number(row.spend) * 100) / 100;
  return {
    assetId: row.asset_id,
    assetName: row.asset_name,
    thumbnailKey: row.thumbnail_key,
    s3Key: row.s3_key,
    width: row.width,
    height: row.height,
    prompt: row.prompt,
    adIds: row.ad_ids ?? [],
    impressions,
    reach: Number(row.reach),
    clicks,
    spend,
    currency: row.currency,
    ctr: impressions > 0 ? clicks / impressions : null,
    cpc: clicks > 0 ? Math.round((spend / clicks) * 100) / 100 : null,
    cpm: impressions > 0 ? Math.round((spend / impressions) * 1000 * 100) / 100 : null,
    results: Number(row.results),
    resultType: row.result_type,
    costPerResult: Number(row.results) > 0 ? Math.round((spend / Number(row.results)) * 100) / 100 : null,
    roas: spend > 0 && Number(row.purchase_value) > 0 ? Math.round((Number(row.purchase_value) / spend) * 100) / 100 : null,
    days: (row.days ?? []).map((d) => ({ date: d.date, impressions: Number(d.impressions), clicks: Number(d.clicks), spend: Number(d.spend) })),
  };
}
