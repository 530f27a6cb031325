import { WEBHOOK_MAX_ATTEMPTS } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { AppConfig } from '../infra/config/app-config';
import { renderMail } from '../infra/mail/mail-template';
import { MAIL_TEXTS, mailLanguageOf } from '../infra/mail/mail-texts';
import { MailPort } from '../infra/mail/mail.port';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { QueuePort } from '../infra/queue/queue.port';
import { TeamService } from '../team/team.service';
import { WEBHOOK_EVENTS } from './webhooks.events';
import { WEBHOOK_JOBS, type WebhookDisabledMailJob } from './webhooks-jobs.names';

/** The attempts named in the stored reason ('Disabled after 12 failed attempts…'), else the rule's number. */
function attemptsOf(reason: string): number {
  const match = /(\d+) failed attempts/.exec(reason);
  return match ? Number(match[1]) : WEBHOOK_MAX_ATTEMPTS;
}

/**
 * Mails an organization's owners that an endpoint was disabled, each in their own language: the
 * committed event enqueues the job, the job mails.
 */
@Injectable()
export class WebhookDisabledMail {
  constructor(
    private readonly queue: QueuePort,
    private readonly team: TeamService,
    private readonly auth: AuthService,
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
    const users = new Map((await this.auth.findUsers(owners.map((owner) => owner.id))).map((user) => [user.id, user]));
    for (const owner of owners) {
      const language = mailLanguageOf(users.get(owner.id));
      const texts = MAIL_TEXTS[language].webhookDisabled({ url: job.url, attempts: attemptsOf(job.reason), supportEmail: this.config.supportEmail });
      await this.mail.send(renderMail(owner.email, { ...texts, action: { label: texts.action, url: `${this.config.appUrl}/settings?tab=webhooks` }, language }));
    }
    return { sent: owners.length };
  }
}
