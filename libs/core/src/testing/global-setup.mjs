// Jest global setup: tests use the PostgreSQL at DATABASE_URL; without one, an embedded
// PostgreSQL is started for the run (each test file then creates its own database on it).
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export default async function globalSetup() {
  process.env.SESSION_SECRET ??= 'test-session-secret-that-is-long-enough-000';
  if (process.env.DATABASE_URL) return;
  const { startEmbeddedPostgres } = await import('../../../../scripts/embedded-postgres.mjs');
  const port = await freePort();
  const dir = join(process.cwd(), '.data', `test-postgres-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pg = await startEmbeddedPostgres({ dataDir: dir, port, quiet: true });
  globalThis.__EMBEDDED_PG__ = { pg, dir };
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  console.log(`\n[tests] DATABASE_URL is not set: using an embedded PostgreSQL on port ${port}`);
}
