import { DynamicModule, Module } from '@nestjs/common';
import { AssetsModule } from './assets/assets.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { BrandProfilesModule } from './brand-profiles/brand-profiles.module';
import { AdNetworkModule } from './ad-network/ad-network.module';
import { BlogModule } from './blog/blog.module';
import { AdminAuditModule } from './admin-audit/admin-audit.module';
import { AdminModule } from './admin/admin.module';
import { CreditsModule } from './credits/credits.module';
import { DemoModule } from './demo/demo.module';
import { FoldersModule } from './folders/folders.module';
import { FormatsModule } from './formats/formats.module';
import { AdsModule } from './ads/ads.module';
import { GenerationModule } from './generation/generation.module';
import { LibraryModule } from './library/library.module';
import { BulkGenerationModule } from './generation/bulk/bulk.module';
import { ConfigModule } from './infra/config/config.module';
import { ENTITIES } from './entities';
import { DatabaseModule } from './infra/database/database.module';
import { EVENT_NAMES } from './event-names';
import { JOB_NAMES } from './job-names';
import { OutboxModule, OutboxModuleOptions } from './infra/outbox/outbox.module';
import { BackgroundRunner } from './infra/queue/background.runner';
import { PROCESS_ROLE, ProcessRole } from './infra/queue/process-role';
import { QueueModule, QueueModuleOptions } from './infra/queue/queue.module';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { OrganizationsModule } from './organizations/organizations.module';
import { PaidCallsModule } from './paid-calls/paid-calls.module';
import { TeamModule } from './team/team.module';
import { UsersModule } from './users/users.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { MailModule } from './infra/mail/mail.module';
import { RateLimitModule } from './infra/rate-limit/rate-limit.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export interface CoreModuleOptions extends Partial<QueueModuleOptions>, Partial<OutboxModuleOptions> {
  role: ProcessRole;
}

/** Everything the API and the worker share: infrastructure plus every domain module. */
@Module({})
export class CoreModule {
  static forRoot(options: CoreModuleOptions): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      imports: [
        ConfigModule,
        DatabaseModule.forRoot(ENTITIES),
        QueueModule.forRoot({ jobNames: options.jobNames ?? JOB_NAMES }),
        OutboxModule.forRoot({ eventNames: options.eventNames ?? EVENT_NAMES }),
        RateLimitModule,
        MailModule,
        AuthModule,
        OrganizationsModule,
        TeamModule,
        CreditsModule,
        BillingModule,
        AuditModule,
        MaintenanceModule,
        DemoModule,
        GenerationModule,
        BulkGenerationModule,
        AssetsModule,
        FoldersModule,
        LibraryModule,
        BrandProfilesModule,
        AdNetworkModule,
        BlogModule,
        AdminAuditModule,
        AdminModule,
        UsersModule,
        DashboardModule,
        FormatsModule,
        AdsModule,
        PaidCallsModule,
        ApiKeysModule,
        WebhooksModule,
      ],
      providers: [{ provide: PROCESS_ROLE, useValue: options.role }, BackgroundRunner],
      exports: [PROCESS_ROLE, AuthModule, OrganizationsModule, TeamModule, CreditsModule, BillingModule, GenerationModule, BackgroundRunner, BulkGenerationModule, AssetsModule, FoldersModule, LibraryModule, BrandProfilesModule, AdNetworkModule, BlogModule, AdminAuditModule, AdminModule, UsersModule, DashboardModule, FormatsModule, AdsModule, PaidCallsModule, ApiKeysModule, WebhooksModule],
    };
  }
}
