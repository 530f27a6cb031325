// Stopping a child process within a bounded time: SIGTERM, then SIGKILL when it is still there.

/** How long the launcher lets a child stop (SHUTDOWN_GRACE_MS, and time for its hooks) before it kills it. */
export function childStopTimeoutMs(env) {
  const grace = Number(env.SHUTDOWN_GRACE_MS || 5000);
  // An invalid value stops the child at start with a message; this only has to stay bounded.
  return (Number.isFinite(grace) && grace > 0 ? Math.min(grace, 300_000) : 5000) + 10_000;
}

/** SIGTERM, SIGKILL after `timeoutMs`; resolves once the child is gone (nothing of it runs afterwards). */
export async function stopChild(child, timeoutMs) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    await exited;
  } finally {
    clearTimeout(kill);
  }
}
