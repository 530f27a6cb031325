import { AppConfig, CoreModule } from '@brandloom/core';
import { Module, RequestMethod } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { AssetsController } from './assets/assets.controller';
import { AuthHttpModule } from './auth/auth-http.module';
import { MetaController } from './meta/meta.controller';
import { BlogController } from './blog/blog.controller';
import { AdminBlogController } from './admin/admin-blog.controller';
import { AdminController } from './admin/admin.controller';
import { BillingController } from './billing/billing.controller';
import { BrandProfilesController } from './brand-profiles/brand-profiles.controller';
import { StripeWebhookController } from './billing/stripe-webhook.controller';
import { CreditsController } from './credits/credits.controller';
import { FoldersController } from './folders/folders.controller';
import { FormatsController } from './formats/formats.controller';
import { GenerationController } from './generation/generation.controller';
import { BulkGenerationController } from './generation/bulk-generation.controller';
import { ProviderStatusController } from './generation/provider-status.controller';
import { HealthController } from './health/health.controller';
import { OrganizationsController } from './organizations/organizations.controller';

/** Answers to input the API refused (malformed, invalid, too large, wrong type). */
const BAD_INPUT_STATUSES = new Set([400, 413, 415, 422]);

@Module({
  imports: [
    CoreModule.forRoot({ role: 'api' }),
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: {
          level: config.LOG_LEVEL,
          genReqId: (req, res) => {
            const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
            res.setHeader('x-request-id', id);
            return id;
          },
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          autoLogging: { ignore: (req) => req.url === '/api/health' },
          // Refused input is the client's mistake: one warn line, never a stack. Other 4xx (signed out,
          // not found, throttled) are ordinary answers.
          customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : BAD_INPUT_STATUSES.has(res.statusCode) ? 'warn' : 'info'),
        },
      }),
    }),
    TerminusModule,
    AuthHttpModule,
  ],
  controllers: [HealthController, OrganizationsController, CreditsController, BillingController, StripeWebhookController, GenerationController, ProviderStatusController, FormatsController, AssetsController, BulkGenerationController, FoldersController, BrandProfilesController, MetaController, BlogController, AdminBlogController, AdminController],
})
export class AppModule {}
