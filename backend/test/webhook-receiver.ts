import { closeNow, listenOnLoopback } from '@brandloom/core/testing';
import { createServer, type Server } from 'node:http';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body, as signed. */
  body: string;
  receivedAt: number;
}

/**
 * A webhook receiver on 127.0.0.1: records every POST and answers with the next status of
 * `answers` (the last one is kept once the list runs out), per path.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, number[]>();

  private constructor(
    private readonly server: Server,
    private readonly base: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server, await listenOnLoopback(server));
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        receiver.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() });
        const queue = receiver.answers.get(path) ?? [200];
        const status = queue.length > 1 ? queue.shift()! : queue[0];
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `answer ${status}` : 'ok');
      });
    });
    return receiver;
  }

  /** http://127.0.0.1:<port><path> */
  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** The statuses `path` answers, in order. */
  answer(path: string, statuses: number[]): void {
    this.answers.set(path, [...statuses]);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.at(path).length < count) {
      if (Date.now() > deadline) throw new Error(`${path}: ${this.at(path).length} of ${count} deliveries within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.at(path);
  }

  close(): Promise<void> {
    return closeNow(this.server);
  }
}
