import { Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule } from '@nestjs/config';
import { AppConfig, loadConfig } from './app-config';

/** Loads `.env` (if any) into the environment, then validates it into one typed AppConfig. */
@Global()
@Module({
  imports: [NestConfigModule.forRoot({ ignoreEnvVars: false, envFilePath: ['.env'], validate: (env) => (loadConfig(env as Record<string, string>), env) })],
  providers: [{ provide: AppConfig, useFactory: () => loadConfig(process.env) }],
  exports: [AppConfig],
})
export class ConfigModule {}
