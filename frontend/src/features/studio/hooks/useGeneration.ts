import { GENERATION_PROGRESS_PATH } from '@brandloom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { notifyWhenHidden } from '../../../lib/notifications';
import { toast } from '../../../lib/toast';
import { STREAM_FAILURE_MESSAGES, type StreamFailure } from '../api/eventStream';
import { imagesOf, type GeneratedImage } from '../api/images';
import { creditBalanceQueryKey, refreshCreditBalance } from '../../../lib/creditBalance';
import { refreshAssetLibrary } from '../api/invalidate';
import { failureReason, GenerationRequestError, startGeneration, type GenerationInput } from '../api/startGeneration';
import { useStreamRun } from './useStreamRun';
import { translate } from '../../../lib/i18n/translate';

/** The states: idle → (submitting) → connecting → generating → completed | error. */
export type GenerationPhase = 'idle' | 'submitting' | 'connecting' | 'generating' | 'completed' | 'error';

export interface GenerationFailure {
  title: string;
  message: string;
}

export interface GenerationState {
  phase: GenerationPhase;
  jobId: string | null;
  /** 0 to 100. */
  progress: number;
  message: string;
  /** The prompt the user wrote (shown over the image). */
  prompt: string;
  images: GeneratedImage[];
  /** When the images arrived (the cache-busting timestamp of the image URLs). */
  completedAt: number | null;
  error: GenerationFailure | null;
  /** The failed request's error ('Failed to generate image: …'), shown as an alert in the form. */
  requestError: string | null;
}

const IDLE: GenerationState = {
  phase: 'idle',
  jobId: null,
  progress: 0,
  message: '',
  prompt: '',
  images: [],
  completedAt: null,
  error: null,
  requestError: null,
};

const connectingMessage = () => translate('studio.connecting');
const startedToast = () => ({ title: translate('studio.toast.started'), description: translate('studio.toast.startedDescription') });
/** Replaces the started toast when the images are shown: a progress toast never outlives its work. */
const readyToast = () => ({ title: translate('studio.toast.ready'), description: translate('studio.toast.readyDescription') });

function readProgress(data: unknown): { progress: number | null; message: string | null } {
  if (!data || typeof data !== 'object') return { progress: null, message: null };
  const { progress, message } = data as { progress?: unknown; message?: unknown };
  const value = typeof progress === 'number' ? progress : typeof progress === 'string' ? Number(progress) : NaN;
  return {
    progress: Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : null,
    message: typeof message === 'string' && message ? message : null,
  };
}

/**
 * Starts a generation and follows its progress stream (GET /api/generate/progress/{jobId}).
 * An error after completion is ignored; an error that arrives when an image is already available
 * counts as completion.
 */
export function useGeneration() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>(IDLE);
  const runs = useStreamRun();

  const generate = useCallback(
    async (input: GenerationInput, displayPrompt: string) => {
      const run = runs.begin();
      setState({ ...IDLE, phase: 'submitting', prompt: displayPrompt, message: connectingMessage() });

      let response;
      try {
        response = await startGeneration(input);
      } catch (error) {
        if (!run.isCurrent()) return;
        const reason = failureReason(error);
        setState({
          ...IDLE,
          phase: 'error',
          prompt: displayPrompt,
          error: { title: translate('studio.generationFailed'), message: reason },
          requestError: error instanceof Error ? error.message : reason,
        });
        toast({ title: translate('studio.generationFailed'), description: reason, variant: 'destructive' });
        // A 402 means the balance shown here is stale.
        if (error instanceof GenerationRequestError && error.status === 402) void refreshCreditBalance(queryClient);
        return;
      }
      if (!run.isCurrent()) return;

      const jobId = String(response.job?.id);
      toast(startedToast());
      if (typeof response.creditsRemaining === 'number') {
        queryClient.setQueryData(creditBalanceQueryKey, { credits: response.creditsRemaining });
      }

      // Images already in the answer are "available": an error later still counts as completion.
      let available: GeneratedImage[] = imagesOf(response);

      const complete = (images: GeneratedImage[]) => {
        run.finish();
        setState((previous) => ({
          ...previous,
          phase: 'completed',
          jobId,
          progress: 100,
          message: translate('studio.toast.ready'),
          images,
          completedAt: Date.now(),
          error: null,
        }));
        toast(readyToast());
        refreshAssetLibrary(queryClient);
        void refreshCreditBalance(queryClient);
        notifyWhenHidden(queryClient, translate('studio.toast.ready'), displayPrompt);
      };
      const fail = (failure: GenerationFailure, toastText: { title: string; description: string }) => {
        run.finish();
        setState((previous) => ({ ...previous, phase: 'error', jobId, error: failure }));
        toast({ ...toastText, variant: 'destructive' });
        void refreshCreditBalance(queryClient);
      };
      const failOrComplete = (failure: GenerationFailure, toastText: { title: string; description: string }) => {
        if (!run.isLive()) return;
        if (available.length) complete(available);
        else fail(failure, toastText);
      };
      const connectionFailure = (kind: StreamFailure) => {
        const text = STREAM_FAILURE_MESSAGES[kind];
        failOrComplete({ title: text.title, message: text.description }, text);
      };

      if (response.status === 'completed' && available.length) {
        complete(available);
        return;
      }
      setState((previous) => ({ ...previous, phase: 'connecting', jobId, progress: 0, message: connectingMessage() }));

      run.follow(`${GENERATION_PROGRESS_PATH}${encodeURIComponent(jobId)}`, {
        events: {
          progress: (data) => {
            if (!run.isLive()) return;
            const partial = imagesOf(data);
            if (partial.length) available = partial;
            const { progress, message } = readProgress(data);
            setState((previous) => ({
              ...previous,
              phase: 'generating',
              progress: progress === null ? previous.progress : Math.max(previous.progress, progress),
              message: message ?? previous.message,
            }));
          },
          completed: (data) => {
            if (!run.isLive()) return;
            const images = imagesOf(data);
            if (images.length) complete(images);
            else if (available.length) complete(available);
            else fail({ title: translate('studio.generationFailed'), message: translate('studio.generateImageFailed') }, { ...STREAM_FAILURE_MESSAGES.server });
          },
        },
        onServerError: (message) => {
          const text = { title: STREAM_FAILURE_MESSAGES.server.title, description: message ?? STREAM_FAILURE_MESSAGES.server.description };
          failOrComplete({ title: text.title, message: text.description }, text);
        },
        onConnectionFailure: connectionFailure,
      });
    },
    [queryClient, runs],
  );

  const busy = state.phase === 'submitting' || state.phase === 'connecting' || state.phase === 'generating';
  return { state, generate, busy };
}
