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
import { StandInsController } from './admin/stand-ins.controller';
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
import { requestLogLevel } from './common/request-log-level';
import { InvitationsController } from './organizations/invitations.controller';
import { UsersController } from './users/users.controller';
import { DashboardController } from './dashboard/dashboard.controller';


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
          customLogLevel: (_req, res, error) => requestLogLevel(res.statusCode, Boolean(error)),
          // For a 5xx answer pino-http makes up an Error ('failed with status code N') whose stack says
          // nothing: leave it out (DomainErrorFilter logs the real cause of a 500 with its stack).
          customErrorObject: (_req, res, error, value) =>
            !(res as { err?: unknown }).err && /^failed with status code \d+$/.test(error.message) ? { ...value, err: undefined } : value,
        },
      }),
    }),
    TerminusModule,
    AuthHttpModule,
  ],
  controllers: [HealthController, OrganizationsController, CreditsController, BillingController, StripeWebhookController, GenerationController, ProviderStatusController, FormatsController, AssetsController, BulkGenerationController, FoldersController, BrandProfilesController, MetaController, BlogController, AdminBlogController, AdminController, StandInsController, UsersController, InvitationsController, DashboardController],
})
export class AppModule {}
