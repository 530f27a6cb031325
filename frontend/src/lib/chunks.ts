import { lazy } from 'react';

/** The code chunks being fetched right now. */
const inFlight = new Set<Promise<unknown>>();

/**
 * Fetches a code chunk (a dynamic import) and keeps it in view until it arrives, so that a test can
 * wait for every chunk a render started (`chunksLoaded`) instead of ending while one still loads.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  const chunk = load();
  inFlight.add(chunk);
  const settled = () => void inFlight.delete(chunk);
  chunk.then(settled, settled);
  return chunk;
}

/** React.lazy whose chunk is fetched through loadChunk. */
export const lazyScreen: typeof lazy = (load) => lazy(() => loadChunk(load));

/** Resolves once every chunk started so far has arrived or failed, including those they started in turn. */
export async function chunksLoaded(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
