import { AD_MESSAGES, GENERATION_SSE_EVENTS, isUuid } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { ProgressBus, ProgressMessage, publishBestEffort } from '../infra/progress/progress-bus';
import { watchProgress } from '../infra/progress/watch-progress';
import { toAdDto } from './ads.mapper';
import { AdNotFoundError } from './ads.errors';
import { AdsRepository, type AdRow } from './ads.repository';

const RECHECK_MS = 3000;

function adChannel(adId: string): string {
  return `ad:${adId}`;
}

/**
 * Live progress of an ad's render, as formats and generations have it: progress events, then
 * `completed` (the ad, with its new asset) or `error`. A watcher subscribes before it reads the row
 * and re-reads it now and then, so a lost pub/sub message (or a sweeper's settlement) still ends it.
 */
@Injectable()
export class AdProgress {
  private readonly logger = new Logger(AdProgress.name);

  constructor(
    private readonly ads: AdsRepository,
    @Inject(ProgressBus) private readonly bus: ProgressBus,
  ) {}

  /** Stores the render's progress on the ad's version and tells its watchers. */
  async report(adId: string, version: number, progress: number, message: string): Promise<void> {
    await this.ads.writeProgress(adId, version, progress, message);
    await this.publish(adId, { event: GENERATION_SSE_EVENTS.progress, data: { progress, message, status: 'processing' } });
  }

  /** Tells the ad's watchers how its render ended (completed or failed), as the row says now. */
  async announceSettled(adId: string): Promise<void> {
    const ad = await this.ads.findById(adId);
    if (ad && (ad.status === 'completed' || ad.status === 'failed')) await this.publish(adId, this.snapshot(ad));
  }

  private async publish(adId: string, message: ProgressMessage): Promise<void> {
    await publishBestEffort(this.bus, adChannel(adId), message, this.logger, `progress of ad ${adId}`);
  }

  async watch(organizationId: string, adId: string, recheckMs = RECHECK_MS): Promise<Observable<ProgressMessage>> {
    if (!isUuid(adId)) throw new AdNotFoundError();
    return watchProgress({
      bus: this.bus,
      channel: adChannel(adId),
      logger: this.logger,
      what: `ad ${adId}`,
      current: async () => {
        const ad = await this.ads.findForOrganization(organizationId, adId);
        if (!ad) throw new AdNotFoundError();
        return this.snapshot(ad);
      },
      finalNow: async () => {
        const ad = await this.ads.findById(adId);
        return ad && (ad.status === 'completed' || ad.status === 'failed') ? this.snapshot(ad) : undefined;
      },
      recheckMs,
    });
  }

  snapshot(ad: AdRow): ProgressMessage {
    if (ad.status === 'completed') return { event: GENERATION_SSE_EVENTS.completed, data: { ...toAdDto(ad) } };
    if (ad.status === 'failed') return { event: GENERATION_SSE_EVENTS.error, data: { message: ad.error ?? ad.message ?? AD_MESSAGES.failed } };
    return { event: GENERATION_SSE_EVENTS.progress, data: { progress: ad.progress, message: ad.message ?? AD_MESSAGES.queued, status: ad.status } };
  }
}
