import 'reflect-metadata';
import { AppConfig } from '@brandloom/core';
import { createApp } from './bootstrap';
import { stopGracefullyOnSignals } from './common/graceful-shutdown';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get(AppConfig);
  stopGracefullyOnSignals(app, config.SHUTDOWN_GRACE_MS);
  await app.listen(config.PORT);
  console.log(`Brandloom API listening on ${config.appUrl}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
