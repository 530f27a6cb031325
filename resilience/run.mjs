// `node resilience/run.mjs <suite>` runs resilience/<suite>.ts (topology, faults) without a build of
// the suite itself; the API and worker processes it starts are the built ones (npm run build:server).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runTypeScript } from '../scripts/lib/typescript-loader.mjs';

const name = process.argv[2];
const entry = name && join(import.meta.dirname, `${name}.ts`);
if (!entry || !existsSync(entry)) {
  console.error(`usage: node resilience/run.mjs <suite>   (runs resilience/<suite>.ts)`);
  process.exit(2);
}
runTypeScript(entry);
