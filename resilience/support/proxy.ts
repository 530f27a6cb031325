// A round-robin HTTP proxy in front of several API processes, as nginx's upstream block does: an
// upstream that refuses the connection is skipped (proxy_next_upstream error), and an idempotent
// request whose upstream died before answering is tried on the next one. Streams (SSE) are piped.
import { createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';

export class RoundRobinProxy {
  private server?: Server;
  private next = 0;
  /** Requests answered per upstream port. */
  readonly served = new Map<number, number>();
  /** Event streams open right now per upstream port. */
  readonly openStreams = new Map<number, number>();
  port = 0;

  constructor(private readonly upstreams: number[]) {}

  async start(port = 0): Promise<number> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(port, '127.0.0.1', done));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    const start = this.next++ % this.upstreams.length;
    for (let i = 0; i < this.upstreams.length; i++) {
      const port = this.upstreams[(start + i) % this.upstreams.length];
      const outcome = await this.forward(port, req, res, body);
      if (outcome === 'answered') return;
      // Refused: nothing reached the upstream, any request may go on. Reset before an answer: only idempotent ones.
      if (outcome === 'reset' && !idempotent) break;
    }
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 502, message: 'No upstream answered', error: 'Bad Gateway' }));
    } else res.destroy();
  }

  private forward(port: number, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<'answered' | 'refused' | 'reset'> {
    return new Promise((resolve) => {
      const upstream = request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' } },
        (answer) => {
          this.served.set(port, (this.served.get(port) ?? 0) + 1);
          if (String(answer.headers['content-type']).startsWith('text/event-stream')) {
            this.openStreams.set(port, (this.openStreams.get(port) ?? 0) + 1);
            res.on('close', () => this.openStreams.set(port, (this.openStreams.get(port) ?? 1) - 1));
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          // The upstream died mid-answer: the client sees its connection end (an SSE client reconnects).
          answer.on('aborted', () => res.destroy());
          answer.on('error', () => res.destroy());
          resolve('answered');
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (res.headersSent) return res.destroy();
        resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'reset');
      });
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
  }
}
