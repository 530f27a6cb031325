import type { AdCtaType, AdFormatId, AdLayers, AdStatus, Language, LogoVariant } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** A row of the ads table. */
export interface AdRow {
  id: string;
  organization_id: string;
  source_asset_id: string | null;
  asset_id: string | null;
  brand_profile_id: string | null;
  placement: AdFormatId;
  layout: string;
  version: number;
  headline: string;
  body: string;
  cta: AdCtaType | null;
  logo: LogoVariant | null;
  language: Language | null;
  layers: AdLayers | null;
  status: AdStatus;
  progress: number;
  message: string | null;
  error: string | null;
  ad_group_id: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewAd = Pick<AdRow, 'id' | 'organization_id' | 'source_asset_id' | 'brand_profile_id' | 'placement' | 'layout' | 'headline' | 'body' | 'cta' | 'logo' | 'language' | 'layers' | 'message' | 'ad_group_id' | 'created_by'>;

/** The ads table. */
@Injectable()
export class AdsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(ads: NewAd[], manager: EntityManager = this.dataSource.manager): Promise<AdRow[]> {
    if (ads.length === 0) return [];
    return manager.query(
      `INSERT INTO ads (id, organization_id, source_asset_id, brand_profile_id, placement, layout, headline, body, cta, logo, language, layers, message, ad_group_id, created_by)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS a(id uuid, organization_id uuid, source_asset_id uuid, brand_profile_id uuid, placement varchar, layout varchar,
                                                      headline text, body text, cta varchar, logo varchar, language varchar, layers jsonb, message text, ad_group_id uuid, created_by uuid)
       RETURNING *`,
      [JSON.stringify(ads)],
    );
  }

  async findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<AdRow | null> {
    const [row]: AdRow[] = await manager.query(`SELECT * FROM ads WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
    return row ?? null;
  }

  /** The ad whose current rendering is this asset (an earlier version's asset has none). */
  async findByAsset(organizationId: string, assetId: string, manager: EntityManager = this.dataSource.manager): Promise<AdRow | null> {
    const [row]: AdRow[] = await manager.query(`SELECT * FROM ads WHERE asset_id = $1 AND organization_id = $2 LIMIT 1`, [assetId, organizationId]);
    return row ?? null;
  }

  /**
   * The rendered versions of an ad in other languages: the organization's completed ads of the same
   * picture, placement and layout whose language differs (an ad without one is American English),
   * the newest of each language, the ad itself included, its own language first.
   */
  async languageVariants(organizationId: string, ad: AdRow, manager: EntityManager = this.dataSource.manager): Promise<AdRow[]> {
    const rows: AdRow[] = await manager.query(
      `SELECT DISTINCT ON (COALESCE(language, 'en-US')) * FROM ads
        WHERE organization_id = $1 AND source_asset_id = $2 AND placement = $3 AND layout = $4 AND status = 'completed' AND asset_id IS NOT NULL AND id <> $5
        ORDER BY COALESCE(language, 'en-US'), created_at DESC, id DESC`,
      [organizationId, ad.source_asset_id, ad.placement, ad.layout, ad.id],
    );
    const own = ad.language ?? 'en-US';
    return [ad, ...rows.filter((row) => (row.language ?? 'en-US') !== own)];
  }

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<AdRow | null> {
    const [row]: AdRow[] = await manager.query(`SELECT * FROM ads WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The organization's ads, newest first; of one source picture when given. */
  listForOrganization(organizationId: string, sourceAssetId: string | null, limit: number): Promise<AdRow[]> {
    return this.dataSource.query(
      `SELECT * FROM ads WHERE organization_id = $1 AND ($2::uuid IS NULL OR source_asset_id = $2) ORDER BY created_at DESC, id DESC LIMIT $3`,
      [organizationId, sourceAssetId, limit],
    );
  }

  /** Takes the ad's version for rendering: null when that version is settled or was replaced by a newer one. */
  async claim(id: string, version: number): Promise<AdRow | null> {
    const [rows]: [AdRow[], number] = await this.dataSource.query(
      `UPDATE ads SET status = 'processing', updated_at = now() WHERE id = $1 AND version = $2 AND status IN ('queued', 'processing') RETURNING *`,
      [id, version],
    );
    return rows[0] ?? null;
  }

  async findLocked(id: string, manager: EntityManager): Promise<AdRow | null> {
    const [row]: AdRow[] = await manager.query(`SELECT * FROM ads WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async writeProgress(id: string, version: number, progress: number, message: string): Promise<void> {
    await this.dataSource.query(`UPDATE ads SET progress = $3, message = $4, updated_at = now() WHERE id = $1 AND version = $2 AND status = 'processing'`, [id, version, progress, message]);
  }

  async markCompleted(id: string, result: { assetId: string; layers: AdLayers; message: string }, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE ads SET status = 'completed', progress = 100, asset_id = $2, layers = $3::jsonb, message = $4, error = NULL, updated_at = now() WHERE id = $1`,
      [id, result.assetId, JSON.stringify(result.layers), result.message],
    );
  }

  async markFailed(id: string, version: number, message: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE ads SET status = 'failed', message = $3, error = $3, updated_at = now() WHERE id = $1 AND version = $2 AND status IN ('queued', 'processing')`,
      [id, version, message],
    );
    return count > 0;
  }

  /** The next version of the ad with its new copy and layers, queued to render. */
  async bumpVersion(id: string, change: Pick<AdRow, 'headline' | 'body' | 'cta' | 'layers'>, message: string, manager: EntityManager): Promise<AdRow> {
    const [rows]: [AdRow[], number] = await manager.query(
      `UPDATE ads SET version = version + 1, headline = $2, body = $3, cta = $4, layers = $5::jsonb, status = 'queued', progress = 0, message = $6, error = NULL, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [id, change.headline, change.body, change.cta, JSON.stringify(change.layers), message],
    );
    return rows[0];
  }

  /** Ads in one of `statuses` (all of them with `all`, else those not updated for `olderThanSeconds`), oldest update first. */
  findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<Array<{ id: string; version: number }>> {
    return this.dataSource.query(
      `SELECT id, version FROM ads WHERE status = ANY($1) AND ($2 OR updated_at < now() - make_interval(secs => $3)) ORDER BY updated_at LIMIT $4`,
      [statuses, all, olderThanSeconds, limit],
    );
  }

  /** Ads rendering without a heartbeat for `olderThanSeconds`, oldest first. */
  findStale(olderThanSeconds: number, limit: number): Promise<Array<{ id: string; version: number }>> {
    return this.dataSource.query(
      `SELECT id, version FROM ads WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
  }

  async delete(organizationId: string, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await this.dataSource.query(`DELETE FROM ads WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
    return count > 0;
  }
}
