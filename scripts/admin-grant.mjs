// `npm run admin:grant -- <email>`: makes an existing user an administrator.
// Uses DATABASE_URL, or the embedded database of `npm start` when it is not set.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:grant -- <email>');
  process.exit(2);
}
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

let embedded;
let url = process.env.DATABASE_URL;
if (!url) {
  const { startEmbeddedPostgres } = await import('./embedded-postgres.mjs');
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
  try {
    embedded = await startEmbeddedPostgres({ dataDir: join(root, '.data', 'postgres'), port, quiet: true });
  } catch {
    // Already running under `npm start`: use it.
  }
  url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const result = await client.query('UPDATE users SET is_admin = true, updated_at = now() WHERE lower(email) = lower($1)', [email.trim()]);
await client.end();
if (embedded) await embedded.stop();
if (result.rowCount === 0) {
  console.error(`No user with the email ${email}`);
  process.exit(1);
}
console.log(`${email} is now an administrator`);
