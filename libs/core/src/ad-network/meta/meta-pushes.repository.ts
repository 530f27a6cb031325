import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MetaPush, type MetaPushLanguageVariant } from './entities/meta-push.entity';

/** Advisory-lock namespace: pushes of one image decide one at a time whether the same push is under way. */
const META_PUSH_LOCK = 7_117_016;

/** What a push is of and where it goes (the columns that make two pushes "the same push"). */
export interface MetaPushTarget {
  organizationId: string;
  assetId: string;
  adAccountId: string;
  campaignId: string;
  adSetId: string;
  pageId: string;
  creativeName: string;
}

/** What a push sends besides the image: where the ad leads, and an ad's copy (null for a plain picture). */
export interface MetaPushCopy {
  link: string | null;
  headline: string | null;
  body: string | null;
  cta: string | null;
}

/** The Operations list's source for Meta pushes (the admin jobs list composes it with the other kinds'). */
export const metaPushJobsSql = {
  select: `SELECT 'meta_push' AS kind, p.id::text AS job_id, p.status AS state, 'Meta push: ' || p.creative_name AS label, p.error, NULL::int AS attempts,
                  p.organization_id, p.created_at, p.completed_at AS updated_at, NULL::text AS retried_as, NULL::text AS retry_of
             FROM meta_pushes p`,
  state: 'p.status',
  id: { column: 'p.id', type: 'uuid' as const },
};

export type MetaPushWithAuthor = MetaPush & { pushed_by: string | null };

/** The steps a push job saves as it goes, so a retried attempt repeats none of them. */
/** How a push ended: completed, or failed with a message and its stable code. */
export type MetaPushOutcomeRow = { status: 'completed'; error: null; errorCode: null } | { status: 'failed'; error: string; errorCode: string };

export type MetaPushSteps = Partial<Pick<MetaPush, 'image_hash' | 'creative_id' | 'ad_id' | 'placement_images' | 'language_variants'>>;

/** A pushed ad whose results the sync reads. */
export interface PushedAdRow {
  id: string;
  ad_id: string;
  asset_id: string | null;
  ad_account_id: string;
  created_at: Date;
  results_read_at: Date | null;
}

/** meta_pushes: every push of a library image to Meta and how far it got. */
@Injectable()
export class MetaPushesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Holds, until the transaction ends, the right to decide whether a push of this image is under way. */
  async lockForAsset(assetId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [META_PUSH_LOCK, assetId]);
  }

  /** The same push (same image, account, campaign, ad set, page and name) still pending or running, if any. */
  async findUnderWay(target: MetaPushTarget, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [running]: Array<{ id: string }> = await manager.query(
      `SELECT id FROM meta_pushes
        WHERE organization_id = $1 AND asset_id = $2 AND ad_account_id = $3 AND campaign_id = $4 AND ad_set_id = $5 AND page_id = $6 AND creative_name = $7
          AND status IN ('pending', 'running')
        ORDER BY created_at DESC LIMIT 1`,
      [target.organizationId, target.assetId, target.adAccountId, target.campaignId, target.adSetId, target.pageId, target.creativeName],
    );
    return running?.id ?? null;
  }

  async insertPending(
    push: MetaPushTarget & Partial<MetaPushCopy> & { userId: string; metaUserId: string; assetName: string | null; languageVariants?: MetaPushLanguageVariant[] | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO meta_pushes (organization_id, user_id, meta_user_id, asset_id, asset_name, ad_account_id, campaign_id, ad_set_id, page_id, creative_name, link, headline, body, cta, language_variants)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        push.organizationId, push.userId, push.metaUserId, push.assetId, push.assetName, push.adAccountId, push.campaignId, push.adSetId, push.pageId, push.creativeName,
        push.link ?? null, push.headline ?? null, push.body ?? null, push.cta ?? null, push.languageVariants ? JSON.stringify(push.languageVariants) : null,
      ],
    );
    return row.id;
  }

  findById(pushId: string): Promise<MetaPush | null> {
    return this.dataSource.getRepository(MetaPush).findOneBy({ id: pushId });
  }

  /** One of the organization's pushes with the name of who pushed it. */
  async findForOrganization(organizationId: string, pushId: string): Promise<MetaPushWithAuthor | null> {
    const [row] = await this.withAuthor(`p.organization_id = $1 AND p.id = $2`, [organizationId, pushId], 1);
    return row ?? null;
  }

  /** The organization's pushes, newest first. */
  listForOrganization(organizationId: string, limit: number): Promise<MetaPushWithAuthor[]> {
    return this.withAuthor(`p.organization_id = $1`, [organizationId], limit);
  }

  /** The organization's push that created this ad, if any. */
  findByAd(organizationId: string, adId: string): Promise<MetaPush | null> {
    return this.dataSource.getRepository(MetaPush).findOne({ where: { organization_id: organizationId, ad_id: adId }, order: { created_at: 'DESC' } });
  }

  /** The organization's pushed ads (those Meta created), oldest first. */
  pushedAds(organizationId: string): Promise<PushedAdRow[]> {
    return this.dataSource.query(
      `SELECT id, ad_id, asset_id, ad_account_id, created_at, results_read_at FROM meta_pushes
        WHERE organization_id = $1 AND ad_id IS NOT NULL ORDER BY created_at, id`,
      [organizationId],
    );
  }

  /** Organizations with at least one pushed ad and a connection that is not expired. */
  async organizationsWithPushedAds(): Promise<string[]> {
    const rows: Array<{ organization_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT p.organization_id FROM meta_pushes p JOIN meta_connections c ON c.organization_id = p.organization_id
        WHERE p.ad_id IS NOT NULL AND c.status <> 'expired'`,
    );
    return rows.map((r) => r.organization_id);
  }

  /** The push of this asset into this ad set that has not failed (one ad per asset and ad set), if any. */
  async findLiveInAdSet(organizationId: string, assetId: string, adSetId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row]: Array<{ id: string }> = await manager.query(
      `SELECT id FROM meta_pushes WHERE organization_id = $1 AND asset_id = $2 AND ad_set_id = $3 AND status <> 'failed' ORDER BY created_at DESC LIMIT 1`,
      [organizationId, assetId, adSetId],
    );
    return row?.id ?? null;
  }

  /** A push of one asset of a multi-asset push: its placements, the automatic creative changes chosen and the copy. */
  async insertPendingAd(
    push: MetaPushTarget & { userId: string; metaUserId: string; assetName: string | null; placements: string[]; creativeFeatures: string[]; batchId: string; copy: Record<string, string> },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO meta_pushes (organization_id, user_id, meta_user_id, asset_id, asset_name, ad_account_id, campaign_id, ad_set_id, page_id, creative_name,
                                placements, creative_features, batch_id, ad_copy)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        push.organizationId, push.userId, push.metaUserId, push.assetId, push.assetName, push.adAccountId, push.campaignId, push.adSetId, push.pageId, push.creativeName,
        push.placements, push.creativeFeatures, push.batchId, JSON.stringify(push.copy),
      ],
    );
    return row.id;
  }

  async markResultsRead(pushIds: string[], at: Date): Promise<void> {
    if (pushIds.length === 0) return;
    await this.dataSource.query(`UPDATE meta_pushes SET results_read_at = $2 WHERE id = ANY($1::uuid[])`, [pushIds, at]);
  }

  /** Keeps each ad's status as Meta reported it (by ad id), with when it was read. */
  async saveAdStatuses(organizationId: string, statuses: Map<string, string>, at: Date): Promise<void> {
    if (statuses.size === 0) return;
    await this.dataSource.query(
      `UPDATE meta_pushes p SET ad_status = s.status, ad_status_read_at = $3
         FROM unnest($1::text[], $2::text[]) AS s(ad_id, status)
        WHERE p.organization_id = $4 AND p.ad_id = s.ad_id`,
      [[...statuses.keys()], [...statuses.values()], at, organizationId],
    );
  }

  async markRunning(pushId: string): Promise<void> {
    await this.dataSource.query(`UPDATE meta_pushes SET status = 'running' WHERE id = $1 AND status = 'pending'`, [pushId]);
  }

  /** Ends a push that has not ended yet; null when it had (a second settlement changes nothing). */
  async settle(pushId: string, outcome: MetaPushOutcomeRow, manager: EntityManager = this.dataSource.manager): Promise<{ ad_id: string | null } | null> {
    const [rows]: [Array<{ ad_id: string | null }>, number] = await manager.query(
      `UPDATE meta_pushes SET status = $2, error = $3, error_code = $4, completed_at = now() WHERE id = $1 AND status NOT IN ('completed', 'failed') RETURNING ad_id`,
      [pushId, outcome.status, outcome.error, outcome.errorCode],
    );
    return rows[0] ?? null;
  }

  async saveSteps(pushId: string, steps: MetaPushSteps): Promise<void> {
    await this.dataSource.getRepository(MetaPush).update({ id: pushId }, steps);
  }

  /** Every push made with this Meta user's token (Meta's data-deletion request). */
  async deleteForMetaUser(metaUserId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`DELETE FROM meta_pushes WHERE meta_user_id = $1`, [metaUserId]);
  }

  private withAuthor(where: string, params: unknown[], limit: number): Promise<MetaPushWithAuthor[]> {
    return this.dataSource.query(
      `SELECT p.*, u.username AS pushed_by FROM meta_pushes p LEFT JOIN users u ON u.id = p.user_id
        WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT ${Number(limit)}`,
      params,
    );
  }
}
