import { act } from '@testing-library/react';

/**
 * A stand-in for the browser's EventSource (so a test decides what the server sends). Tests push server events with
 * `emit` and connection failures with `failConnection`. Like the real one it keeps dispatching
 * whatever the test sends after close(): ignoring late events is the code's job.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  closed = false;

  constructor(url: string | URL, init?: EventSourceInit) {
    super();
    this.url = String(url);
    this.withCredentials = !!init?.withCredentials;
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }

  /** A server-sent event named `type` with JSON data (`error` included: the server's error event). */
  emit(type: string, data: unknown = {}): void {
    this.readyState = FakeEventSource.OPEN;
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }

  /** A connection failure: CLOSED when the browser gave up, CONNECTING when it will retry. */
  failConnection(readyState: number = FakeEventSource.CLOSED): void {
    this.readyState = readyState;
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }

  static install(): void {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  /** The stream opened for `url` (the last one when several were). */
  static for(url: string): FakeEventSource {
    const source = [...FakeEventSource.instances].reverse().find((instance) => instance.url === url);
    if (!source) throw new Error(`No EventSource for ${url}; opened: ${FakeEventSource.instances.map((i) => i.url).join(', ') || 'none'}`);
    return source;
  }
}
