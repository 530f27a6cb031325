import { META_MESSAGES } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Asset } from '../../assets/entities/asset.entity';
import { AppConfig } from '../../infra/config/app-config';
import { OutboxService } from '../../infra/outbox/outbox.service';
import type { JobContext } from '../../infra/queue/queue.port';
import { OrganizationsService } from '../../organizations/organizations.service';
import { getBuffer, STORAGE_DRIVER, type StorageDriver } from '../../storage/storage-driver';
import { MetaPush } from '../entities/meta-push.entity';
import { MetaGraph } from '../graph/meta-graph';
import { MetaConnectionService } from '../meta-connection.service';
import { META_EVENTS } from '../meta.events';
import { MetaApiError, MetaGraphRetiredError, MetaNotConnectedError, MetaRateLimitedError, MetaTokenExpiredError, MetaUnreachableError } from '../meta.errors';

export type MetaPushOutcome = 'completed' | 'failed' | 'settled' | 'missing';

/**
 * The 'meta.push' job: image upload → creative → paused ad, each step's result saved before the
 * next, so an attempt after a crash repeats none of them. An ad created by an attempt that died
 * before saving its id is found again in the ad set by its creative, never created twice.
 * Rate limits and unreachable Meta are retried (the queue's backoff); anything else fails the push.
 */
@Injectable()
export class MetaPushRunner {
  private readonly logger = new Logger(MetaPushRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly graph: MetaGraph,
    private readonly connections: MetaConnectionService,
    private readonly organizations: OrganizationsService,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly outbox: OutboxService,
  ) {}

  async run(pushId: string, context: Pick<JobContext, 'attempt' | 'isLastAttempt'>): Promise<MetaPushOutcome> {
    const push = await this.dataSource.getRepository(MetaPush).findOneBy({ id: pushId });
    if (!push) return 'missing';
    if (push.status === 'completed' || push.status === 'failed') return 'settled';
    await this.dataSource.query(`UPDATE meta_pushes SET status = 'running' WHERE id = $1 AND status = 'pending'`, [pushId]);
    try {
      await this.connections.withToken(push.organization_id, (token) => this.steps(push, token, context.attempt > 1));
      await this.settle(push, 'completed', null);
      return 'completed';
    } catch (error) {
      const retryable = error instanceof MetaRateLimitedError || error instanceof MetaUnreachableError || !isMetaOutcome(error);
      if (retryable && !context.isLastAttempt) throw error;
      const message = isMetaOutcome(error) ? error.message : META_MESSAGES.pushFailed;
      if (!isMetaOutcome(error)) this.logger.error(`push ${pushId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      await this.settle(push, 'failed', message);
      return 'failed';
    }
  }

  /** Ends the push with its event, once: a push settled already is left as it is. */
  private async settle(push: MetaPush, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const [rows]: [Array<{ ad_id: string | null }>, number] = await m.query(
        `UPDATE meta_pushes SET status = $2, error = $3, completed_at = now() WHERE id = $1 AND status NOT IN ('completed', 'failed') RETURNING ad_id`,
        [push.id, status, error],
      );
      if (rows.length === 0) return;
      await this.outbox.record(
        m,
        status === 'completed' ? META_EVENTS.pushCompleted : META_EVENTS.pushFailed,
        { pushId: push.id, assetId: push.asset_id, adAccountId: push.ad_account_id, adId: rows[0].ad_id, error },
        push.organization_id,
      );
    });
  }

  private async steps(push: MetaPush, token: string, retried: boolean): Promise<void> {
    if (!push.image_hash) {
      const asset = push.asset_id ? await this.dataSource.getRepository(Asset).findOneBy({ id: push.asset_id, organization_id: push.organization_id }) : null;
      if (!asset) throw new MetaApiError('the asset was deleted before it could be uploaded');
      const { buffer } = await getBuffer(this.storage, asset.s3_key);
      push.image_hash = await this.graph.uploadImage(token, push.ad_account_id, `${asset.id}.png`, buffer);
      await this.save(push.id, { image_hash: push.image_hash });
    }
    if (!push.creative_id) {
      const asset = push.asset_id ? await this.dataSource.getRepository(Asset).findOneBy({ id: push.asset_id }) : null;
      // The ad leads to the organization's own website when it has given one, else to the product.
      const organization = await this.organizations.findById(push.organization_id);
      push.creative_id = await this.graph.createCreative(token, push.ad_account_id, {
        name: push.creative_name,
        pageId: push.page_id,
        imageHash: push.image_hash,
        link: organization?.website || this.config.appUrl,
        message: (asset?.prompt ?? push.creative_name).slice(0, 500),
      });
      await this.save(push.id, { creative_id: push.creative_id });
    }
    if (!push.ad_id) {
      if (retried) {
        const ads = await this.graph.adsOfAdSet(token, push.ad_set_id);
        push.ad_id = ads.find((ad) => ad.creative?.id === push.creative_id)?.id ?? null;
      }
      push.ad_id ??= await this.graph.createPausedAd(token, push.ad_account_id, { name: push.creative_name, adSetId: push.ad_set_id, creativeId: push.creative_id });
      await this.save(push.id, { ad_id: push.ad_id });
    }
  }

  private async save(pushId: string, fields: Partial<Pick<MetaPush, 'image_hash' | 'creative_id' | 'ad_id'>>): Promise<void> {
    await this.dataSource.getRepository(MetaPush).update({ id: pushId }, fields);
  }
}

/** Errors whose message is meant for the user (Meta's, expired token, rate limit, retired version, not connected). */
function isMetaOutcome(error: unknown): error is Error {
  return (
    error instanceof MetaApiError ||
    error instanceof MetaGraphRetiredError ||
    error instanceof MetaRateLimitedError ||
    error instanceof MetaTokenExpiredError ||
    error instanceof MetaUnreachableError ||
    error instanceof MetaNotConnectedError
  );
}
