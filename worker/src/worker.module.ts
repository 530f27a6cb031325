import { AppConfig, CoreModule, logDestination } from '@brandloom/core';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

/** The worker is bootstrap only: the jobs live with their domains in libs/core. */
@Module({
  imports: [
    CoreModule.forRoot({ role: 'worker' }),
    // Logs at LOG_LEVEL in LOG_FORMAT, like the API's.
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const destination = logDestination(config);
        return { pinoHttp: destination ? [{ level: config.LOG_LEVEL }, destination] : { level: config.LOG_LEVEL } };
      },
    }),
  ],
})
export class WorkerModule {}
