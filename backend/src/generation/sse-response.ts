import { formatSseComment, formatSseEvent, type ProgressMessage } from '@brandloom/core';
import { GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import type { Request, Response } from 'express';
import { Subscription, type Observable } from 'rxjs';

/** Comment lines this often keep proxies and load balancers from closing a quiet stream. */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * Streams `events` as server-sent events, then `close`, then ends the response. A heartbeat comment
 * goes out at once (it also pushes the headers through buffering proxies) and every SSE_HEARTBEAT_MS.
 * The subscription ends when the client goes away.
 */
export function sendServerSentEvents(req: Request, res: Response, events: Observable<ProgressMessage>, heartbeatMs = SSE_HEARTBEAT_MS): void {
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
  };
  const finish = () => {
    if (ended) return;
    stop();
    if (!res.writableEnded) {
      res.write(formatSseEvent(GENERATION_SSE_EVENTS.close, {}));
      res.end();
    }
  };
  res.on('close', stop);
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
}
