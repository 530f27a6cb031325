import { rmSync } from 'node:fs';
import type { RunningApp } from './app-server';

export default async function globalTeardown(): Promise<void> {
  const shared = globalThis as { __E2E_APP__?: RunningApp; __E2E_MAIL_DIR__?: string };
  await shared.__E2E_APP__?.stop();
  if (shared.__E2E_MAIL_DIR__) rmSync(shared.__E2E_MAIL_DIR__, { recursive: true, force: true });
}
