import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { EventStreams } from '../generation/sse-response';

/** While the server drains, connections that finished their answer are closed this often. */
const IDLE_SWEEP_MS = 100;

/**
 * Stops the API on SIGTERM or SIGINT within `graceMs`, whatever clients do: it stops accepting
 * connections, tells every progress stream to reconnect (a stream lasts as long as its job, so
 * waiting for it could take minutes), closes keep-alive connections as soon as they are idle, and
 * lets the requests in flight finish; then Nest's shutdown hooks run (queue, outbox relay,
 * database). Whatever is still open at the deadline is cut and the process exits.
 */
export function stopGracefullyOnSignals(app: NestExpressApplication, graceMs: number): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: stopping within ${graceMs} ms`);
    const deadline = setTimeout(() => {
      logger.warn(`still stopping after ${graceMs} ms (SHUTDOWN_GRACE_MS): exiting now, cutting short the requests and jobs still running`);
      process.exit(0);
    }, graceMs);
    void stop(app, logger).then(
      () => {
        clearTimeout(deadline);
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  // Kept after the first: a second signal (Ctrl-C reaches the launcher and the API alike) must not kill the process at once.
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function stop(app: NestExpressApplication, logger: Logger): Promise<void> {
  const server = app.getHttpServer() as Server;
  // Stops listening and closes the connections that are idle now (Node ≥ 19); the callback comes
  // once every connection has ended.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const streams = app.get(EventStreams).reconnectAll();
  if (streams > 0) logger.log(`asked ${streams} progress streams to reconnect`);
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
  }
  await app.close();
}
