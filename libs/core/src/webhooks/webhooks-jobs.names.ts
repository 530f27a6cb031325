import type { ScheduledJobPayload } from '../infra/queue/queue.port';

/** Queue jobs of the webhooks domain (composed with the others in libs/core/src/job-names.ts). */
export const WEBHOOK_JOBS = {
  /** Sends one attempt (a webhook_deliveries row) and schedules the next one when it fails. */
  deliver: 'webhook.deliver',
  /** Enqueues attempts the queue lost (an enqueue that failed, a worker that died mid-send); every minute. */
  sweep: 'webhook.sweep',
  /** Tells an organization's owners that an endpoint was disabled. */
  disabledMail: 'webhook.disabled-mail',
} as const;

export interface WebhookDeliverJob {
  deliveryId: string;
}

export interface WebhookDisabledMailJob {
  organizationId: string;
  endpointId: string;
  url: string;
  reason: string;
}

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [WEBHOOK_JOBS.deliver]: WebhookDeliverJob;
    [WEBHOOK_JOBS.sweep]: ScheduledJobPayload;
    [WEBHOOK_JOBS.disabledMail]: WebhookDisabledMailJob;
  }
}
