import { PRODUCT_NAME } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { renderMail } from '../infra/mail/mail-template';
import { MailPort } from '../infra/mail/mail.port';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { QueuePort } from '../infra/queue/queue.port';
import { TeamService } from '../team/team.service';
import { WEBHOOK_EVENTS } from './webhooks.events';
import { WEBHOOK_JOBS, type WebhookDisabledMailJob } from './webhooks-jobs.names';

/** Mails an organization's owners that an endpoint was disabled: the committed event enqueues the job, the job mails. */
@Injectable()
export class WebhookDisabledMail {
  constructor(
    private readonly queue: QueuePort,
    private readonly team: TeamService,
    private readonly mail: MailPort,
    private readonly config: AppConfig,
  ) {}

  @OnDomainEvent(WEBHOOK_EVENTS.endpointDisabled)
  async onDisabled(event: DomainEvent<typeof WEBHOOK_EVENTS.endpointDisabled>): Promise<void> {
    if (!event.organizationId) return;
    const job: WebhookDisabledMailJob = { organizationId: event.organizationId, endpointId: event.payload.endpointId, url: event.payload.url, reason: event.payload.reason };
    await this.queue.enqueue(WEBHOOK_JOBS.disabledMail, job, { jobId: `webhook-disabled-mail-${event.id}` });
  }

  async send(job: WebhookDisabledMailJob): Promise<{ sent: number }> {
    const owners = (await this.team.members(job.organizationId)).filter((member) => member.role === 'owner');
    for (const owner of owners) {
      await this.mail.send(
        renderMail(owner.email, {
          subject: `${PRODUCT_NAME} disabled a webhook endpoint`,
          paragraphs: [
            `Deliveries to your webhook endpoint ${job.url} kept failing, so we stopped sending events to it.`,
            `${job.reason}. Events that happen while it is disabled are not sent to it.`,
            'Fix the receiver, then enable the endpoint again in Settings → Webhooks; the delivery log shows each attempt and its answer, and any event can be re-sent from there.',
          ],
          action: { label: 'Open webhook settings', url: `${this.config.appUrl}/settings?tab=webhooks` },
          footer: `You get this mail as an owner of the organization. Questions: ${this.config.supportEmail}`,
        }),
      );
    }
    return { sent: owners.length };
  }
}
