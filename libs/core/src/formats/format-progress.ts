import { FORMAT_MESSAGES, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { Asset } from '../assets/entities/asset.entity';
import { ProgressBus, ProgressMessage, ProgressSubscription, subscribeOrPoll } from '../infra/progress/progress-bus';
import { FormatJob } from './entities/format-job.entity';
import { formatCompletedEvent } from './format.mapper';
import { FormatJobNotFoundError } from './formats.errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECHECK_MS = 3000;

/** Channel of one format job's progress. */
export function formatChannel(jobId: string): string {
  return `format:${jobId}`;
}

/**
 * Live progress of format jobs, as generations have it: the job publishes on its channel; a watcher
 * subscribes first, then reads the row (nothing in between is lost), and re-reads it now and then
 * in case a pub/sub message was lost. Events: progress, completed, error (the generation's names).
 */
@Injectable()
export class FormatProgress {
  private readonly logger = new Logger(FormatProgress.name);

  constructor(private readonly dataSource: DataSource, @Inject(ProgressBus) private readonly bus: ProgressBus) {}

  async publish(jobId: string, message: ProgressMessage): Promise<void> {
    try {
      await this.bus.publish(formatChannel(jobId), message);
    } catch (error) {
      this.logger.warn(`progress of format job ${jobId} not published: ${(error as Error).message}`);
    }
  }

  async watch(organizationId: string, jobId: string, recheckMs = RECHECK_MS): Promise<Observable<ProgressMessage>> {
    if (typeof jobId !== 'string' || !UUID.test(jobId)) throw new FormatJobNotFoundError();
    const early: ProgressMessage[] = [];
    let forward: ((message: ProgressMessage) => void) | undefined;
    // Without the bus (Redis restarting) the watcher still ends with the final state: it re-reads the row.
    const subscription: ProgressSubscription = await subscribeOrPoll(
      this.bus,
      formatChannel(jobId),
      (message) => (forward ? forward(message) : early.push(message)),
      (error) => this.logger.warn(`no live progress for format job ${jobId} (re-reading the database only): ${error.message}`),
    );
    let first: ProgressMessage;
    try {
      const job = await this.dataSource.getRepository(FormatJob).findOneBy({ id: jobId, organization_id: organizationId });
      if (!job) throw new FormatJobNotFoundError();
      first = await this.snapshot(job);
    } catch (error) {
      await subscription.unsubscribe();
      throw error;
    }
    return new Observable<ProgressMessage>((subscriber) => {
      let done = false;
      let lastProgress = -1;
      const emit = (message: ProgressMessage) => {
        if (done) return;
        if (message.event === GENERATION_SSE_EVENTS.progress) {
          const progress = Number(message.data.progress);
          if (progress < lastProgress) return;
          lastProgress = progress;
        }
        subscriber.next(message);
        if (message.event === GENERATION_SSE_EVENTS.completed || message.event === GENERATION_SSE_EVENTS.error) {
          done = true;
          subscriber.complete();
        }
      };
      emit(first);
      for (const message of early.splice(0)) emit(message);
      forward = emit;
      const timer = setInterval(() => {
        if (done) return;
        void this.dataSource
          .getRepository(FormatJob)
          .findOneBy({ id: jobId })
          .then(async (job) => (job && (job.status === 'completed' || job.status === 'failed') ? emit(await this.snapshot(job)) : undefined))
          .catch((error: Error) => this.logger.warn(`re-reading format job ${jobId}: ${error.message}`));
      }, recheckMs);
      timer.unref();
      return () => {
        done = true;
        clearInterval(timer);
        void subscription.unsubscribe();
      };
    });
  }

  async snapshot(job: FormatJob): Promise<ProgressMessage> {
    if (job.status === 'completed' && job.result_asset_id) {
      const asset = await this.dataSource.getRepository(Asset).findOneBy({ id: job.result_asset_id });
      if (asset) return { event: GENERATION_SSE_EVENTS.completed, data: { ...formatCompletedEvent(job, asset) } };
    }
    if (job.status === 'failed' || job.status === 'completed') {
      return { event: GENERATION_SSE_EVENTS.error, data: { message: job.error ?? FORMAT_MESSAGES.failed, creditsRefunded: job.credits_refunded } };
    }
    return { event: GENERATION_SSE_EVENTS.progress, data: { progress: job.progress, message: job.message ?? FORMAT_MESSAGES.queued, status: job.status } };
  }
}
