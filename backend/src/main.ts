import 'reflect-metadata';
import { AppConfig } from '@brandloom/core';
import { createApp } from './bootstrap';

async function main(): Promise<void> {
  const app = await createApp();
  const config = app.get(AppConfig);
  await app.listen(config.PORT);
  console.log(`Brandloom API listening on ${config.appUrl}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
