import { AppConfig, CoreModule, logDestination } from '@brandloom/core';
import { Module, RequestMethod } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { randomUUID } from 'node:crypto';
import { AssetsController } from './assets/assets.controller';
import { AuthHttpModule } from './auth/auth-http.module';
import { MetaController } from './ad-network/meta/meta.controller';
import { AdResultsController } from './ad-network/ad-results.controller';
import { BlogController } from './blog/blog.controller';
import { AdminBlogController } from './admin/admin-blog.controller';
import { StandInsController } from './admin/stand-ins.controller';
import { AdminController } from './admin/admin.controller';
import { BillingController } from './billing/billing.controller';
import { BrandProfilesController } from './brand-profiles/brand-profiles.controller';
import { StripeWebhookController } from './billing/stripe-webhook.controller';
import { CreditsController } from './credits/credits.controller';
import { FoldersController } from './folders/folders.controller';
import { FormatsController } from './formats/formats.controller';
import { AdsController } from './ads/ads.controller';
import { FontsController } from './ads/fonts.controller';
import { GenerationController } from './generation/generation.controller';
import { BulkGenerationController } from './generation/bulk-generation.controller';
import { ProviderStatusController } from './generation/provider-status.controller';
import { HealthController } from './health/health.controller';
import { OrganizationsController } from './organizations/organizations.controller';
import { requestLine, serializeRequest, serializeResponse, urlOf } from './common/log-redaction';
import { requestLogLevel } from './common/request-log-level';
import { InvitationsController } from './organizations/invitations.controller';
import { UsersController } from './users/users.controller';
import { DashboardController } from './dashboard/dashboard.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { EventStreams } from './generation/sse-response';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { PUBLIC_API_CONTROLLERS } from './public-api';


@Module({
  imports: [
    CoreModule.forRoot({ role: 'api' }),
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const options: PinoHttpOptions = {
          level: config.LOG_LEVEL,
          genReqId: (req, res) => {
            const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
            res.setHeader('x-request-id', id);
            return id;
          },
          // The URL and headers without their secrets (query and params repeat the URL: left out).
          serializers: { req: serializeRequest, res: serializeResponse },
          customSuccessMessage: (req, res, responseTime) => requestLine(req.method, urlOf(req), res.statusCode, responseTime),
          customErrorMessage: (req, res) => requestLine(req.method, urlOf(req), res.statusCode),
          autoLogging: { ignore: (req) => req.url === '/api/health' },
          customLogLevel: (_req, res, error) => requestLogLevel(res.statusCode, Boolean(error)),
          // For a 5xx answer pino-http makes up an Error ('failed with status code N') whose stack says
          // nothing: leave it out (DomainErrorFilter logs the real cause of a 500 with its stack).
          customErrorObject: (_req, res, error, value) =>
            !(res as { err?: unknown }).err && /^failed with status code \d+$/.test(error.message) ? { ...value, err: undefined } : value,
        };
        const destination = logDestination(config);
        return { forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }], pinoHttp: destination ? [options, destination] : options };
      },
    }),
    TerminusModule,
    AuthHttpModule,
  ],
  controllers: [HealthController, OrganizationsController, CreditsController, BillingController, StripeWebhookController, GenerationController, ProviderStatusController, FormatsController, AdsController, FontsController, AssetsController, BulkGenerationController, FoldersController, BrandProfilesController, MetaController, BlogController, AdminBlogController, AdminController, StandInsController, UsersController, InvitationsController, DashboardController, ApiKeysController, WebhooksController, ...PUBLIC_API_CONTROLLERS, AdResultsController],
  providers: [EventStreams],
})
export class AppModule {}
