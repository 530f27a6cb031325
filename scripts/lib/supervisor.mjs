// Keeps one child process running: restarts it when it dies, with a growing delay, and gives up
// (calling onGiveUp) only when it keeps dying right after it starts.
import { stopChild } from './stop-child.mjs';

/**
 * @param {object} options
 * @param {string} options.name            how the logs call the process ("worker")
 * @param {() => import('node:child_process').ChildProcess} options.start
 * @param {(line: string) => void} [options.log]
 * @param {(code: number) => void} options.onGiveUp
 * @param {number} [options.initialDelayMs]  first restart delay, doubled after each quick death
 * @param {number} [options.maxDelayMs]
 * @param {number} [options.quickExitMs]     a child that dies sooner than this counts as a quick death
 * @param {number} [options.maxQuickExits]   this many quick deaths in a row: give up
 * @param {number} [options.stopTimeoutMs]   stop() kills the child (SIGKILL) when it is still there after this
 */
export function supervise({
  name,
  start,
  log = (line) => console.error(line),
  onGiveUp,
  initialDelayMs = 1000,
  maxDelayMs = 30_000,
  quickExitMs = 10_000,
  maxQuickExits = 5,
  stopTimeoutMs = 15_000,
}) {
  let child;
  let stopping = false;
  let quickExits = 0;
  let delayMs = initialDelayMs;
  let restartTimer;

  const launch = () => {
    const startedAt = Date.now();
    child = start();
    log(`[brandloom] the ${name} process started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const ranMs = Date.now() - startedAt;
      if (ranMs < quickExitMs) {
        quickExits += 1;
      } else {
        quickExits = 0;
        delayMs = initialDelayMs;
      }
      const how = signal ?? `code ${code}`;
      if (quickExits >= maxQuickExits) {
        log(`[brandloom] the ${name} process exited (${how}) ${quickExits} times in a row within ${quickExitMs / 1000} s of starting; giving up. Run it alone to see why: npm run start:${name}`);
        onGiveUp(typeof code === 'number' && code !== 0 ? code : 1);
        return;
      }
      log(`[brandloom] the ${name} process exited (${how}); restarting it in ${delayMs / 1000} s`);
      restartTimer = setTimeout(launch, delayMs);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    });
  };
  launch();

  return {
    get pid() {
      return child?.pid;
    },
    /** Stops the child (SIGTERM, SIGKILL after stopTimeoutMs) and does not restart it; resolves once it is gone. */
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      await stopChild(child, stopTimeoutMs);
    },
  };
}
