import { Module } from '@nestjs/common';
import { BulkGenerationModule } from '../generation/bulk/bulk.module';
import { AuthModule } from '../auth/auth.module';
import { TeamModule } from '../team/team.module';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryRunner } from './webhook-delivery.runner';
import { WebhookDisabledMail } from './webhook-disabled-mail';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookEventsConsumer } from './webhook-events.consumer';
import { WebhookSecrets } from './webhook-secrets';
import { WebhookSweeper } from './webhook-sweeper';
import { WebhookJobs } from './webhooks.jobs';
import { WebhooksService } from './webhooks.service';

/** Webhooks: endpoints managed by owners and admins, public events from the outbox, signed deliveries with retries. */
@Module({
  imports: [AuthModule, TeamModule, BulkGenerationModule],
  providers: [
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookSecrets,
    WebhookDispatcher,
    WebhookDeliveryRunner,
    WebhookEventsConsumer,
    WebhookDisabledMail,
    WebhookSweeper,
    WebhookJobs,
    WebhooksService,
  ],
  exports: [WebhooksService, WebhookEndpointsRepository, WebhookDeliveriesRepository],
})
export class WebhooksModule {}
