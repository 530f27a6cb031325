// `npm run dev`: the API (as `npm start` runs it, without serving the built frontend) plus the
// Vite dev server with hot reload, whose proxy forwards /api to the API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { childStopTimeoutMs, stopChild } from './lib/stop-child.mjs';

const root = join(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--api', '--no-web'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], { cwd: root, stdio: 'inherit' }),
];
// Each gets SIGTERM and a bounded time (the launcher stops the API within SHUTDOWN_GRACE_MS), then SIGKILL.
const stop = () => children.forEach((child) => void stopChild(child, childStopTimeoutMs(process.env) + 5000));
children.forEach((child) => child.on('exit', stop));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
