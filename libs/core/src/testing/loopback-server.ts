// The plumbing every local test server shares: the fakes of third parties (FakeGoogle, FakeMeta,
// FakeOpenAI, FakeStripe), the S3 stand-in, the SMTP mailbox and the webhook receiver.
import type { IncomingMessage, Server } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer } from 'node:net';

/** Listens on a free port of 127.0.0.1 (any TCP server: HTTP, SMTP); answers the port. */
export async function listenOnLoopbackPort(server: NetServer): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Listens on a free port of 127.0.0.1; answers the server's base URL, http://127.0.0.1:<port>. */
export async function listenOnLoopback(server: Server): Promise<string> {
  return `http://127.0.0.1:${await listenOnLoopbackPort(server)}`;
}

/** A port of 127.0.0.1 that is free now, for a child process to listen on. */
export async function freeLoopbackPort(): Promise<number> {
  const probe = createServer();
  const port = await listenOnLoopbackPort(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Closes the server now, its open connections too (clients that keep them alive would hold it open). */
export async function closeNow(server: Server | undefined): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The request's whole body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
