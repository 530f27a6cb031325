// `npm run dev`: the API (as `npm start` runs it, without serving the built frontend) plus the
// Vite dev server with hot reload, whose proxy forwards /api to the API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--api', '--no-web'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
children.forEach((child) => child.on('exit', stop));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
