/** EventSource.CLOSED (read as a number so a test double need not define the constant). */
const CLOSED = 2;
/**
 * The browser reconnects on its own after a network drop (the server asks for 3 s); each reconnection
 * gets the job's current state at once. After this many failed attempts in a row we give up.
 */
export const MAX_RECONNECT_ATTEMPTS = 3;

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
 * event with data is the server's; one without data is the connection's. Returns `close`; after
 * it no handler is called.
 */
export function openEventStream(url: string, handlers: EventStreamHandlers): () => void {
  let closed = false;
  let source: EventSource;
  try {
    source = new EventSource(url, { withCredentials: true });
  } catch {
    queueMicrotask(() => handlers.onConnectionFailure('connect'));
    return () => {
      closed = true;
    };
  }
  let received = false;
  let failures = 0;
  const close = () => {
    closed = true;
    source.close();
  };

  for (const [name, handle] of Object.entries(handlers.events)) {
    source.addEventListener(name, (event) => {
      if (closed) return;
      received = true;
      failures = 0;
      handle(parse((event as MessageEvent).data));
    });
  }
  source.addEventListener('error', (event) => {
    if (closed) return;
    const data = (event as Partial<MessageEvent>).data;
    if (typeof data === 'string') {
      received = true;
      const body = parse(data);
      const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : body;
      handlers.onServerError(typeof message === 'string' && message ? message : undefined);
      return;
    }
    failures += 1;
    if (source.readyState === CLOSED || failures >= MAX_RECONNECT_ATTEMPTS) {
      close();
      handlers.onConnectionFailure(received ? 'lost' : 'connect');
    }
  });
  source.addEventListener('close', () => {
    if (closed) return;
    close();
    handlers.onClose?.();
  });
  return close;
}

/** Spec §8's toast texts for a stream failure. */
export const STREAM_FAILURE_MESSAGES: Record<StreamFailure | 'server', { title: string; description: string }> = {
  server: { title: 'Generation failed', description: 'An error occurred' },
  lost: { title: 'Connection to server lost', description: 'Server connection interrupted' },
  connect: { title: 'Connection error', description: 'Failed to connect to server' },
};
