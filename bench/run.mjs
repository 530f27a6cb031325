// `node bench/run.mjs <name>` runs bench/<name>.ts without a build (see scripts/lib/typescript-loader.mjs).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runTypeScript } from '../scripts/lib/typescript-loader.mjs';

const name = process.argv[2];
const entry = name && join(import.meta.dirname, `${name}.ts`);
if (!entry || !existsSync(entry)) {
  console.error(`usage: node bench/run.mjs <name>   (runs bench/<name>.ts)`);
  process.exit(2);
}
runTypeScript(entry);
