import type { Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { CoreModule, type CoreModuleOptions } from '../core.module';

/**
 * Compiles CoreModule as the API on `databaseUrl` (in-process queue, silent), runs its init hooks
 * (where the job and event registries check themselves) and closes it: resolves when the
 * application would boot, rejects with what would stop it.
 */
export async function bootCore(databaseUrl: string, options: Omit<CoreModuleOptions, 'role'>, extraProviders: Type[] = []): Promise<void> {
  const previous = { ...process.env };
  Object.assign(process.env, { NODE_ENV: 'test', DATABASE_URL: databaseUrl, QUEUE_PREFIX: `bl-test-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'silent' });
  delete process.env.REDIS_URL;
  let moduleRef;
  try {
    moduleRef = await Test.createTestingModule({ imports: [CoreModule.forRoot({ role: 'api', ...options })], providers: extraProviders })
      .setLogger({ log() {}, error() {}, warn() {}, debug() {}, verbose() {}, fatal() {} })
      .compile();
  } finally {
    process.env = previous;
  }
  try {
    await moduleRef.init();
  } finally {
    await moduleRef.close();
  }
}
