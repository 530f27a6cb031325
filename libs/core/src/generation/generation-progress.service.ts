import { isUuid, GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AssetsRepository } from '../assets/assets.repository';
import { batchChannel, generationChannel, ProgressBus, ProgressMessage, publishBestEffort } from '../infra/progress/progress-bus';
import { watchProgress } from '../infra/progress/watch-progress';
import type { Generation } from './entities/generation.entity';
import { GenerationNotFoundError } from './generation.errors';
import { GenerationsRepository } from './generations.repository';
import { completedEvent, errorEvent, progressEvent } from './generation.mapper';


/** How often a watcher re-reads the generation, in case a pub/sub message was lost (Redis reconnect). */
export const WATCH_RECHECK_MS = 3000;


/**
 * Live progress of generations: the job publishes on the generation's channel, watchers (the SSE
 * route, in any API process) subscribe first and then read the state, so nothing that happens in
 * between is lost, and a watcher that comes after the end gets the final event at once.
 */
@Injectable()
export class GenerationProgress {
  private readonly logger = new Logger(GenerationProgress.name);

  constructor(
    private readonly generations: GenerationsRepository,
    private readonly assets: AssetsRepository,
    @Inject(ProgressBus) private readonly bus: ProgressBus,
  ) {}

  /** Best-effort: a failed publish never fails the job (watchers also re-read the database). */
  async publish(generationId: string, message: ProgressMessage): Promise<void> {
    await this.publishOn(generationChannel(generationId), message);
  }

  /** A generation of a bulk batch settled: `item` {generationId, status, delivered} on the batch's channel. */
  async publishBatchItem(batchId: string, data: { generationId: string; status: string; delivered: number }): Promise<void> {
    await this.publishOn(batchChannel(batchId), { event: 'item', data });
  }

  private async publishOn(channel: string, message: ProgressMessage): Promise<void> {
    await publishBestEffort(this.bus, channel, message, this.logger, `progress on ${channel}`);
  }

  /**
   * The events of one generation of the organization: the current state first, then live progress,
   * ending with `completed` or `error`. Throws GenerationNotFoundError for any other id.
   */
  async watch(organizationId: string, generationId: string, recheckMs = WATCH_RECHECK_MS): Promise<Observable<ProgressMessage>> {
    if (!isUuid(generationId)) throw new GenerationNotFoundError();
    return watchProgress({
      bus: this.bus,
      channel: generationChannel(generationId),
      logger: this.logger,
      what: `generation ${generationId}`,
      current: async () => {
        // Read as each progress stream opens: a prepared statement.
        const generation = await this.generations.findForOrganization(organizationId, generationId);
        if (!generation) throw new GenerationNotFoundError();
        return this.snapshot(generation);
      },
      finalNow: () => this.finalEvent(generationId),
      recheckMs,
    });
  }

  /** The event that describes the generation now: progress, or its final event. */
  async snapshot(generation: Generation): Promise<ProgressMessage> {
    if (generation.status === 'completed') {
      const assets = await this.assets.findByGeneration(generation.id);
      return { event: GENERATION_SSE_EVENTS.completed, data: { ...completedEvent(generation, assets) } };
    }
    if (generation.status === 'failed') return { event: GENERATION_SSE_EVENTS.error, data: { ...errorEvent(generation) } };
    return { event: GENERATION_SSE_EVENTS.progress, data: { ...progressEvent(generation) } };
  }

  private async finalEvent(generationId: string): Promise<ProgressMessage | undefined> {
    const generation = await this.generations.findById(generationId);
    if (!generation || (generation.status !== 'completed' && generation.status !== 'failed')) return undefined;
    return this.snapshot(generation);
  }
}
