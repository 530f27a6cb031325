import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { notifyWhenHidden } from '../../../lib/notifications';
import { toast } from '../../../lib/toast';
import { BulkUploadError, bulkProgressUrl, readProgress, startBulkGeneration, type BulkInput, type BulkRow } from '../api/bulk';
import { STREAM_FAILURE_MESSAGES, type StreamFailure } from '../api/eventStream';
import { refreshCreditBalance } from '../../../lib/creditBalance';
import { refreshAssetLibrary, refreshLibraryFolders } from '../api/invalidate';
import { useStreamRun } from './useStreamRun';
import { translate } from '../../../lib/i18n/translate';

export type BulkPhase = 'idle' | 'uploading' | 'running' | 'completed' | 'error';

export interface BulkState {
  phase: BulkPhase;
  batchId: string | null;
  done: number;
  failed: number;
  total: number;
  rows: BulkRow[];
  /** The upload's refusal: row-numbered validation errors, or the reason it could not start. */
  uploadErrors: string[];
  /** What ended the progress stream early. */
  streamError: string | null;
}

const IDLE: BulkState = { phase: 'idle', batchId: null, done: 0, failed: 0, total: 0, rows: [], uploadErrors: [], streamError: null };

function mergeRows(current: BulkRow[], updates: BulkRow[]): BulkRow[] {
  if (!updates.length) return current;
  const byRow = new Map(current.map((row) => [row.row, row]));
  for (const update of updates) {
    const previous = byRow.get(update.row);
    byRow.set(update.row, previous ? { ...previous, ...Object.fromEntries(Object.entries(update).filter(([, v]) => v !== null && v !== undefined)) } : update);
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

/** Uploads a CSV to POST /api/generate/bulk and follows the batch over SSE. */
export function useBulkGeneration() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BulkState>(IDLE);
  const runs = useStreamRun();

  const start = useCallback(
    async (input: BulkInput) => {
      const run = runs.begin();
      setState({ ...IDLE, phase: 'uploading' });

      let started;
      try {
        started = await startBulkGeneration(input);
      } catch (error) {
        if (!run.isCurrent()) return;
        const messages = error instanceof BulkUploadError ? error.messages : [translate('studio.bulk.failedToStart')];
        setState({ ...IDLE, phase: 'error', uploadErrors: messages });
        toast({
          title: translate('studio.bulk.failed'),
          description: messages.length > 1 ? translate('studio.bulk.problems', { count: messages.length }) : messages[0],
          variant: 'destructive',
        });
        return;
      }
      if (!run.isCurrent()) return;
      toast({ title: translate('studio.bulk.started'), description: translate('studio.bulk.startedDescription', { count: started.total }) });
      void refreshCreditBalance(queryClient);
      refreshLibraryFolders(queryClient);
      setState({ ...IDLE, phase: 'running', batchId: started.batchId, total: started.total, rows: mergeRows([], started.rows) });

      const totals = { done: 0, failed: 0, total: started.total };
      const apply = (data: unknown) => {
        const progress = readProgress(data);
        if (!progress) return;
        totals.done = progress.done;
        totals.failed = progress.failed;
        totals.total = progress.total || totals.total;
        setState((previous) => ({
          ...previous,
          done: progress.done,
          failed: progress.failed,
          total: progress.total || previous.total,
          rows: mergeRows(previous.rows, progress.rows),
        }));
      };
      const stop = (streamError: string | null, toastText: { title: string; description: string }) => {
        if (!run.isLive()) return;
        run.finish();
        setState((previous) => ({ ...previous, phase: 'error', streamError }));
        toast({ ...toastText, variant: 'destructive' });
        refreshAssetLibrary(queryClient);
        void refreshCreditBalance(queryClient);
      };
      const connectionFailure = (kind: StreamFailure) => {
        const text = STREAM_FAILURE_MESSAGES[kind];
        stop(`${text.title}: ${text.description}`, text);
      };

      run.follow(bulkProgressUrl(started.batchId), {
        events: {
          progress: (data) => {
            if (run.isLive()) apply(data);
          },
          completed: (data) => {
            if (!run.isLive()) return;
            run.finish();
            apply(data);
            setState((previous) => ({ ...previous, phase: 'completed' }));
            const summary = {
              title: translate('studio.bulk.completeToast'),
              description: totals.failed ? translate('studio.bulk.summaryWithFailed', totals) : translate('studio.bulk.summary', totals),
            };
            toast(summary);
            notifyWhenHidden(queryClient, summary.title, summary.description);
            refreshAssetLibrary(queryClient);
            void refreshCreditBalance(queryClient);
          },
        },
        onServerError: (message) => stop(message ?? STREAM_FAILURE_MESSAGES.server.description, {
          title: STREAM_FAILURE_MESSAGES.server.title,
          description: message ?? STREAM_FAILURE_MESSAGES.server.description,
        }),
        onConnectionFailure: connectionFailure,
      });
    },
    [queryClient, runs],
  );

  const reset = useCallback(() => {
    runs.cancel();
    setState(IDLE);
  }, [runs]);

  return { state, start, reset, busy: state.phase === 'uploading' || state.phase === 'running' };
}
