import { formatSseComment, formatSseEvent, type ProgressMessage } from '@brandloom/core';
import { GENERATION_SSE_EVENTS, SSE_RECONNECT_DELAY_MS } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Subscription, type Observable } from 'rxjs';

/** Comment lines this often keep proxies and load balancers from closing a quiet stream. */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * The progress streams this API process serves. A stream stays open as long as its job runs, so
 * a stopping process cannot wait for them: `reconnectAll` tells each client to come back (to
 * another process, or to this one restarted) and ends it.
 */
@Injectable()
export class EventStreams {
  private readonly open = new Set<() => void>();
  private stopping = false;

  /**
   * Streams `events` as server-sent events, then `close`, then ends the response. A heartbeat comment
   * goes out at once (it also pushes the headers through buffering proxies) and every `heartbeatMs`.
   * The subscription ends when the client goes away.
   */
  send(req: Request, res: Response, events: Observable<ProgressMessage>, heartbeatMs = SSE_HEARTBEAT_MS): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setKeepAlive(true);
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    res.write(`retry: 3000\n${formatSseComment('connected')}`);

    const heartbeat = setInterval(() => res.write(formatSseComment('heartbeat')), heartbeatMs);
    // A container: if the stream ends while subscribing, what is added to it afterwards is closed at once.
    const subscription = new Subscription();
    let ended = false;
    const stop = () => {
      ended = true;
      clearInterval(heartbeat);
      subscription.unsubscribe();
      this.open.delete(reconnect);
    };
    const endWith = (event: string) => {
      if (ended) return;
      stop();
      if (!res.writableEnded) {
        res.write(event);
        res.end();
      }
    };
    const finish = () => endWith(formatSseEvent(GENERATION_SSE_EVENTS.close, {}));
    // `retry:` too, for a client that does not know the event: EventSource reconnects by itself when the response ends.
    const reconnect = () => endWith(`retry: ${SSE_RECONNECT_DELAY_MS}\n${formatSseEvent(GENERATION_SSE_EVENTS.reconnect, {})}`);
    res.on('close', stop);
    this.open.add(reconnect);
    subscription.add(
      events.subscribe({
        next: (message) => {
          if (!ended) res.write(formatSseEvent(message.event, message.data));
        },
        error: (error: Error) => {
          if (!ended) res.write(formatSseEvent(GENERATION_SSE_EVENTS.error, { message: error.message || 'An error occurred' }));
          finish();
        },
        complete: finish,
      }),
    );
    // Opened on a connection that was already in flight when the process began to stop.
    if (this.stopping) reconnect();
  }

  /** Tells every open stream (and any opened from now on) to reconnect, and ends it; the number ended. */
  reconnectAll(): number {
    this.stopping = true;
    const streams = [...this.open];
    for (const reconnect of streams) reconnect();
    return streams.length;
  }
}
