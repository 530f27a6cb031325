// Port checks for the launcher: is a TCP port free on loopback, and which one to use instead.
import { createServer } from 'node:net';

/** True when nothing listens on `port` at 127.0.0.1. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `preferred` when free, else the next free port above it (up to 100 tries), else one the system picks. */
export async function freePortFrom(preferred) {
  for (let port = preferred; port < preferred + 100 && port <= 65535; port += 1) {
    if (await portIsFree(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
