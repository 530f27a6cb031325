import { GENERATION_SSE_EVENTS, SSE_RECONNECT_DELAY_MS } from '@brandloom/contracts';

/** EventSource.CLOSED (read as a number so a test double need not define the constant). */
const CLOSED = 2;
/**
 * The browser reconnects on its own after a network drop (the server asks for 3 s); each reconnection
 * gets the job's current state at once. After this many failed attempts in a row we give up.
 */
export const MAX_RECONNECT_ATTEMPTS = 3;
/** After the server's `reconnect` (a restart), the stream is opened again up to this many times, SSE_RECONNECT_DELAY_MS apart. */
export const MAX_REOPEN_ATTEMPTS = 15;

export type StreamFailure =
  /** The stream never delivered anything: 'Connection error' / 'Failed to connect to server'. */
  | 'connect'
  /** It did, then went away: 'Connection to server lost' / 'Server connection interrupted'. */
  | 'lost';

export interface EventStreamHandlers {
  /** Named events (progress, completed, …) with their JSON data. */
  events: Record<string, (data: unknown) => void>;
  /** An `error` event sent by the server, with its message when it had one. */
  onServerError: (message: string | undefined) => void;
  /** The connection failed or dropped for good. */
  onConnectionFailure: (failure: StreamFailure) => void;
  /** The server's `close` event (the stream is over). */
  onClose?: () => void;
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string' || data === '') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Opens a server-sent event stream (with the session cookie) and routes its events. An `error`
 * event with data is the server's; one without data is the connection's. A `reconnect` event means
 * the API process is stopping: the stream is opened again (another process, or this one restarted,
 * answers with the current state), retried while the restart lasts. Returns `close`; after it no
 * handler is called.
 */
export function openEventStream(url: string, handlers: EventStreamHandlers): () => void {
  let closed = false;
  let source: EventSource | undefined;
  let received = false;
  let failures = 0;
  /** Attempts to open the stream again since the server's `reconnect`; 0 when none is under way. */
  let reopening = 0;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    closed = true;
    clearTimeout(reopenTimer);
    source?.close();
  };
  const reopenSoon = () => {
    source?.close();
    reopening += 1;
    reopenTimer = setTimeout(connect, SSE_RECONNECT_DELAY_MS);
  };

  function connect() {
    let current: EventSource;
    try {
      current = new EventSource(url, { withCredentials: true });
    } catch {
      close();
      // Never from within openEventStream itself: its caller has not got `close` yet.
      queueMicrotask(() => handlers.onConnectionFailure(received ? 'lost' : 'connect'));
      return;
    }
    source = current;
    const live = () => !closed && source === current;

    for (const [name, handle] of Object.entries(handlers.events)) {
      current.addEventListener(name, (event) => {
        if (!live()) return;
        received = true;
        failures = 0;
        reopening = 0;
        handle(parse((event as MessageEvent).data));
      });
    }
    current.addEventListener('error', (event) => {
      if (!live()) return;
      const data = (event as Partial<MessageEvent>).data;
      if (typeof data === 'string') {
        received = true;
        const body = parse(data);
        const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : body;
        handlers.onServerError(typeof message === 'string' && message ? message : undefined);
        return;
      }
      // The next API process is not up yet (refused, or a proxy's 502): try again shortly.
      if (reopening > 0 && reopening < MAX_REOPEN_ATTEMPTS) {
        reopenSoon();
        return;
      }
      failures += 1;
      if (reopening > 0 || current.readyState === CLOSED || failures >= MAX_RECONNECT_ATTEMPTS) {
        close();
        handlers.onConnectionFailure(received ? 'lost' : 'connect');
      }
    });
    current.addEventListener(GENERATION_SSE_EVENTS.reconnect, () => {
      if (!live()) return;
      failures = 0;
      reopening = 0;
      reopenSoon();
    });
    current.addEventListener(GENERATION_SSE_EVENTS.close, () => {
      if (!live()) return;
      close();
      handlers.onClose?.();
    });
  }

  connect();
  return close;
}

/** The product's toast texts for a stream failure. */
export const STREAM_FAILURE_MESSAGES: Record<StreamFailure | 'server', { title: string; description: string }> = {
  server: { title: 'Generation failed', description: 'An error occurred' },
  lost: { title: 'Connection to server lost', description: 'Server connection interrupted' },
  connect: { title: 'Connection error', description: 'Failed to connect to server' },
};
