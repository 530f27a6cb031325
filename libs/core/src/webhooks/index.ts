export { WebhooksService, type WebhookActor } from './webhooks.service';
export { WebhooksModule } from './webhooks.module';
export * from './webhooks.errors';
export * from './webhooks.events';
export * from './webhooks-jobs.names';
export { webhookSignature, webhookHeaders, newWebhookSecret } from './webhook-signature';
export { WebhookEndpoint } from './entities/webhook-endpoint.entity';
export { WebhookDelivery } from './entities/webhook-delivery.entity';
