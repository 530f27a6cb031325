import { PASSWORD_RESET_TTL_MINUTES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { AppConfig } from '../infra/config/app-config';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { renderMail } from '../infra/mail/mail-template';
import { MAIL_TEXTS, mailLanguageOf } from '../infra/mail/mail-texts';
import { MailPort } from '../infra/mail/mail.port';
import { OnJob } from '../infra/queue/on-job.decorator';
import { QueuePort } from '../infra/queue/queue.port';
import { PasswordService } from './password.service';
import { USER_EVENTS, USER_JOBS } from './users-jobs.names';

export interface PasswordResetMailJob {
  userId: string;
}

/** Reset mails: the committed outbox event enqueues the job; the job makes the token and mails the link. */
@Injectable()
export class PasswordResetMail {
  constructor(
    private readonly queue: QueuePort,
    private readonly passwords: PasswordService,
    private readonly auth: AuthService,
    private readonly mail: MailPort,
    private readonly config: AppConfig,
  ) {}

  @OnDomainEvent(USER_EVENTS.passwordResetRequested)
  async onRequested(event: DomainEvent<typeof USER_EVENTS.passwordResetRequested>): Promise<void> {
    if (typeof event.payload?.userId !== 'string') return;
    await this.queue.enqueue(USER_JOBS.passwordResetMail, { userId: event.payload.userId } satisfies PasswordResetMailJob, { jobId: `password-reset-mail-${event.id}` });
  }

  @OnJob(USER_JOBS.passwordResetMail, { attempts: 5 })
  async send(data: PasswordResetMailJob): Promise<{ sent: 'reset' | 'google' | false }> {
    const user = data && typeof data.userId === 'string' ? await this.auth.findUser(data.userId) : null;
    if (!user) return { sent: false };
    const language = mailLanguageOf(user);
    const values = { email: user.email, ttlMinutes: PASSWORD_RESET_TTL_MINUTES, supportEmail: this.config.supportEmail };
    if ((await this.auth.passwordHashOf(user.id)) === null && user.google_id) {
      const texts = MAIL_TEXTS[language].googleReset(values);
      await this.mail.send(renderMail(user.email, { ...texts, action: { label: texts.action, url: `${this.config.appUrl}/signin` }, language }));
      return { sent: 'google' };
    }
    const token = await this.passwords.issueResetToken(user.id);
    const texts = MAIL_TEXTS[language].reset(values);
    await this.mail.send(renderMail(user.email, { ...texts, action: { label: texts.action, url: `${this.config.appUrl}/reset-password?token=${token}` }, language }));
    return { sent: 'reset' };
  }
}
