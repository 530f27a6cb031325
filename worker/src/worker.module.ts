import { AppConfig, CoreModule } from '@brandloom/core';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

/** The worker is bootstrap only: the jobs live with their domains in libs/core. */
@Module({
  imports: [
    CoreModule.forRoot({ role: 'worker' }),
    // JSON logs at LOG_LEVEL, like the API's.
    LoggerModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => ({ pinoHttp: { level: config.LOG_LEVEL } }) }),
  ],
})
export class WorkerModule {}
