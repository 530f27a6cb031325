import 'reflect-metadata';
import { AppConfig } from '@brandloom/core';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule, { abortOnError: false, bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  const config = app.get(AppConfig);
  if (!config.REDIS_URL) throw new Error('REDIS_URL must be set to run a separate worker (without Redis, npm start runs jobs inside the API process)');
  console.log('Brandloom worker started');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
