import {
  GENERATION_SSE_EVENTS,
  SSE_RECONNECT_DELAY_MS,
  type AssetFormatsResponseDto,
  type CreateFormatsRequest,
  type CreateFormatsResponseDto,
  type FormatCompletedEventDto,
  type FormatJobDto,
} from '@brandloom/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from './api';
import { refreshCreditBalance } from './creditBalance';

// Ad formats are reached from the library and from the Meta push dialog: the queries and
// the job tracking live here, once.

export type AssetFormatsDto = AssetFormatsResponseDto;

/** GET /api/assets/{id}/formats; starts with /api/assets, so every library refresh refreshes it too. */
export const assetFormatsQueryKey = (assetId: string) => ['/api/assets', assetId, 'formats'];

export function useAssetFormats(assetId: string | null | undefined) {
  return useQuery<AssetFormatsDto>({ queryKey: assetFormatsQueryKey(assetId ?? ''), enabled: !!assetId });
}

export function startAssetFormats(assetId: string, request: CreateFormatsRequest): Promise<CreateFormatsResponseDto> {
  return apiRequest<CreateFormatsResponseDto>('POST', `/api/assets/${encodeURIComponent(assetId)}/formats`, request);
}

export interface TrackedFormatJob extends Pick<FormatJobDto, 'id' | 'format' | 'method'> {
  status: 'queued' | 'processing' | 'completed' | 'failed';
  progress: number;
  message: string | null;
  /** The new asset once completed. */
  result: FormatCompletedEventDto | null;
}

function parse(data: unknown): Record<string, unknown> {
  try {
    return typeof data === 'string' && data ? (JSON.parse(data) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** After the server's `reconnect` (a restart), the stream is opened again up to this many times. */
const MAX_REOPEN_ATTEMPTS = 15;

/**
 * Follows a format job's server-sent events until it completes or fails; returns `close`. On the
 * server's `reconnect` (the API process is stopping) the stream is opened again, retried while the
 * restart lasts.
 */
export function watchFormatJob(progressUrl: string, onUpdate: (update: Partial<TrackedFormatJob>) => void): () => void {
  let source: EventSource;
  let closed = false;
  /** Attempts to open the stream again since the server's `reconnect`; 0 when none is under way. */
  let reopening = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    closed = true;
    clearTimeout(reopenTimer);
    source.close();
  };
  const reopenSoon = () => {
    source.close();
    reopening += 1;
    reopenTimer = setTimeout(connect, SSE_RECONNECT_DELAY_MS);
  };

  function connect() {
    const current = new EventSource(progressUrl, { withCredentials: true });
    source = current;
    const live = () => !closed && source === current;
    current.addEventListener(GENERATION_SSE_EVENTS.progress, (event) => {
      if (!live()) return;
      reopening = 0;
      const data = parse((event as MessageEvent).data);
      onUpdate({ status: 'processing', progress: Number(data.progress) || 0, message: typeof data.message === 'string' ? data.message : null });
    });
    current.addEventListener(GENERATION_SSE_EVENTS.completed, (event) => {
      if (!live()) return;
      const data = parse((event as MessageEvent).data) as unknown as FormatCompletedEventDto;
      onUpdate({ status: 'completed', progress: 100, message: data.message ?? null, result: data });
      close();
    });
    current.addEventListener('error', (event) => {
      if (!live()) return;
      const data = (event as Partial<MessageEvent>).data;
      // An error event without data is the connection's: the browser reconnects and gets the state again.
      if (typeof data !== 'string' && current.readyState !== 2) return;
      // The next API process is not up yet (a proxy's 502): try again shortly.
      if (typeof data !== 'string' && reopening > 0 && reopening < MAX_REOPEN_ATTEMPTS) {
        reopenSoon();
        return;
      }
      const message = parse(data).message;
      onUpdate({ status: 'failed', message: typeof message === 'string' ? message : 'The format could not be made. Please try again.' });
      close();
    });
    current.addEventListener(GENERATION_SSE_EVENTS.reconnect, () => {
      if (!live()) return;
      reopening = 0;
      reopenSoon();
    });
    current.addEventListener(GENERATION_SSE_EVENTS.close, () => {
      if (live()) close();
    });
  }

  connect();
  return close;
}

/**
 * Starts format jobs for an asset and tracks their progress; when every job has ended, the library
 * lists (and this asset's formats) and the balance are refreshed.
 */
export function useFormatJobs() {
  const queryClient = useQueryClient();
  const [jobs, setJobs] = useState<TrackedFormatJob[]>([]);
  const closers = useRef<Array<() => void>>([]);

  const started = useRef(false);
  // Closed while formats were still being made ('Continue in background'): the library reloads now
  // rather than never.
  useEffect(
    () => () => {
      closers.current.forEach((close) => close());
      if (started.current) void queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/assets') });
    },
    [queryClient],
  );

  const running = jobs.some((job) => job.status === 'queued' || job.status === 'processing');
  const finished = jobs.length > 0 && !running;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/assets') });
  }, [finished, queryClient]);

  const start = useCallback(
    async (assetId: string, request: CreateFormatsRequest): Promise<CreateFormatsResponseDto> => {
      const answer = await startAssetFormats(assetId, request);
      started.current = true;
      void refreshCreditBalance(queryClient);
      setJobs(answer.jobs.map((job) => ({ id: job.id, format: job.format, method: job.method, status: job.status, progress: job.progress, message: job.message, result: null })));
      for (const job of answer.jobs) {
        closers.current.push(
          watchFormatJob(job.progressUrl, (update) => setJobs((current) => current.map((tracked) => (tracked.id === job.id ? { ...tracked, ...update } : tracked)))),
        );
      }
      return answer;
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    closers.current.forEach((close) => close());
    closers.current = [];
    setJobs([]);
  }, []);

  return { jobs, running, finished, start, reset };
}
