import { useCallback, useEffect, useMemo, useRef } from 'react';
import { openEventStream, type EventStreamHandlers } from '../api/eventStream';

/** One request-then-stream run: its handlers act only while it is the newest run and not finished. */
export interface StreamRun {
  /** Still the newest run (a newer one, `cancel` or unmount make it stale). */
  isCurrent(): boolean;
  /** Current and not finished: the stream's handlers may still change state. */
  isLive(): boolean;
  /** Follows the run's event stream; a server `close` that came before any final event counts as a lost connection. */
  follow(url: string, handlers: Omit<EventStreamHandlers, 'onClose'>): void;
  /** Ends the run: closes its stream; `isLive` turns false. */
  finish(): void;
}

/**
 * The lifecycle that generation and bulk generation share: starting a run closes the previous
 * run's stream and silences its handlers, and so does unmounting.
 */
export function useStreamRun() {
  const newest = useRef(0);
  const closeStream = useRef<() => void>(() => {});

  const cancel = useCallback(() => {
    newest.current += 1;
    closeStream.current();
  }, []);
  useEffect(() => cancel, [cancel]);

  const begin = useCallback((): StreamRun => {
    closeStream.current();
    const id = ++newest.current;
    let finished = false;
    const isCurrent = () => newest.current === id;
    return {
      isCurrent,
      isLive: () => isCurrent() && !finished,
      follow(url, handlers) {
        if (!isCurrent()) return;
        closeStream.current = openEventStream(url, { ...handlers, onClose: () => handlers.onConnectionFailure('lost') });
      },
      finish() {
        finished = true;
        if (isCurrent()) closeStream.current();
      },
    };
  }, []);

  return useMemo(() => ({ begin, cancel }), [begin, cancel]);
}
