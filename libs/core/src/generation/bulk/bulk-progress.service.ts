import { Inject, Injectable, Logger } from '@nestjs/common';
import { Observable } from 'rxjs';
import { batchChannel, ProgressBus, subscribeOrPoll, type ProgressMessage, type ProgressSubscription } from '../../infra/progress/progress-bus';
import { WATCH_RECHECK_MS } from '../generation-progress.service';
import { BulkBatches, isBatchFinished, summarize } from './bulk-batches';
import { BULK_SSE_EVENTS, type BulkRowStatusDto } from '@brandloom/contracts';

/**
 * The live progress of a batch for the SSE route. The runner publishes `item` {generationId, status}
 * on `batch:<id>` when a row settles; the watcher subscribes first, then reads the rows, so nothing
 * in between is lost. It sends `progress` {done, failed, total, rows} with every row in the first
 * event and the changed rows after, and `completed` with every row once done + failed = total (at
 * once for a client that comes after the end). The rows are re-read every few seconds in case a
 * pub/sub message was lost, which also reports rows that started processing.
 */
@Injectable()
export class BulkProgress {
  private readonly logger = new Logger(BulkProgress.name);

  constructor(private readonly batches: BulkBatches, @Inject(ProgressBus) private readonly bus: ProgressBus) {}

  /** Throws BulkBatchNotFoundError unless the organization's batch. */
  async watch(organizationId: string, batchId: string, recheckMs = WATCH_RECHECK_MS): Promise<Observable<ProgressMessage>> {
    // 404 before subscribing to anything; the batch row itself never changes.
    const batch = await this.batches.get(organizationId, batchId);
    const early: string[] = [];
    let forward: ((generationId: string) => void) | undefined;
    const subscription: ProgressSubscription = await subscribeOrPoll(
      this.bus,
      batchChannel(batchId),
      (message) => {
        const generationId = message.event === 'item' ? message.data.generationId : undefined;
        if (typeof generationId !== 'string') return;
        if (forward) forward(generationId);
        else early.push(generationId);
      },
      (error) => this.logger.warn(`no live progress for batch ${batchId} (re-reading the database only): ${error.message}`),
    );
    let initial: BulkRowStatusDto[];
    try {
      initial = await this.batches.rows(batch);
    } catch (error) {
      await subscription.unsubscribe();
      throw error;
    }

    return new Observable<ProgressMessage>((subscriber) => {
      let done = false;
      const state = new Map(initial.map((row) => [row.generationId, row]));
      // Updates run one after another, so the counts only ever grow.
      let chain: Promise<void> = Promise.resolve();

      const emit = (changed: BulkRowStatusDto[], first = false) => {
        if (done) return;
        for (const row of changed) state.set(row.generationId, row);
        const all = [...state.values()];
        const event = summarize(batch.total, all, changed);
        if (isBatchFinished(event)) {
          done = true;
          subscriber.next({ event: BULK_SSE_EVENTS.completed, data: { ...summarize(batch.total, all) } });
          subscriber.complete();
          return;
        }
        if (first || changed.length > 0) subscriber.next({ event: BULK_SSE_EVENTS.progress, data: { ...event } });
      };

      /** Re-reads rows (all when ids is undefined) and emits those that changed. */
      const refresh = (ids?: string[]) => {
        chain = chain
          .then(async () => {
            if (done) return;
            const rows = await this.batches.rows(batch, ids);
            emit(rows.filter((row) => changedRow(state.get(row.generationId), row)));
          })
          .catch((error: Error) => this.logger.warn(`re-reading batch ${batchId}: ${error.message}`));
      };

      emit(initial, true);
      const pending = [...new Set(early.splice(0))].filter((id) => state.has(id));
      if (pending.length > 0) refresh(pending);
      forward = (generationId) => {
        if (state.has(generationId)) refresh([generationId]);
      };
      const timer = setInterval(() => refresh(), recheckMs);
      timer.unref();
      return () => {
        done = true;
        forward = undefined;
        clearInterval(timer);
        void subscription.unsubscribe();
      };
    });
  }
}

function changedRow(before: BulkRowStatusDto | undefined, after: BulkRowStatusDto): boolean {
  return !before || before.status !== after.status || before.assetUrl !== after.assetUrl || before.error !== after.error;
}
