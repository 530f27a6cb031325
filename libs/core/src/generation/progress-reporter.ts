import { GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import type { ProgressMessage } from '../infra/progress/progress-bus';
import { GenerationProgress } from './generation-progress.service';
import type { GenerationsRepository } from './generations.repository';

/** Database writes of progress at most this often (watchers get every step from the bus). */
export const PROGRESS_WRITE_MS = 500;
/**
 * Progress published at most this often: steps closer together are coalesced into the latest,
 * published when the interval has passed (a watcher sees no difference, and a fast job sends its
 * watchers and the bus one message instead of a burst).
 */
export const PROGRESS_PUBLISH_MS = 100;

/**
 * A running generation's progress: never backwards, below 100 (the completion sets 100), published
 * to watchers at once unless the last step went out less than PROGRESS_PUBLISH_MS ago, and written
 * to the row at most every PROGRESS_WRITE_MS. A forced step is published and written at once.
 */
export class ProgressReporter {
  /** Created right after the claim, which wrote the row. */
  private written = Date.now();
  private pending?: { progress: number; message: string };
  private published = 0;
  private unpublished?: ProgressMessage;
  private publishTimer?: NodeJS.Timeout;

  constructor(
    private readonly generations: GenerationsRepository,
    private readonly bus: GenerationProgress,
    private readonly generationId: string,
    public current: number,
  ) {}

  async report(progress: number, message: string, force = false): Promise<void> {
    this.current = Math.max(this.current, Math.min(99, Math.round(progress)));
    this.publish({ event: GENERATION_SSE_EVENTS.progress, data: { progress: this.current, message, status: 'processing' } }, force);
    this.pending = { progress: this.current, message };
    if (force || Date.now() - this.written >= PROGRESS_WRITE_MS) await this.flush();
  }

  async flush(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.written = Date.now();
    await this.generations.writeProgress(this.generationId, pending.progress, pending.message).catch(() => undefined);
  }

  /** Drops a step not published yet: the job's final event (or its next run) supersedes it. */
  stop(): void {
    clearTimeout(this.publishTimer);
    this.publishTimer = undefined;
    this.unpublished = undefined;
  }

  private publish(message: ProgressMessage, force: boolean): void {
    const wait = this.published + PROGRESS_PUBLISH_MS - Date.now();
    if (force || wait <= 0) {
      this.stop();
      this.send(message);
      return;
    }
    this.unpublished = message;
    this.publishTimer ??= setTimeout(() => {
      this.publishTimer = undefined;
      const latest = this.unpublished;
      this.unpublished = undefined;
      if (latest) this.send(latest);
    }, wait);
  }

  private send(message: ProgressMessage): void {
    this.published = Date.now();
    // Not waited for: the bus delivers in publishing order (ahead of the final event), and a lost
    // step is harmless (watchers re-read the row).
    void this.bus.publish(this.generationId, message);
  }
}
