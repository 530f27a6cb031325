import { PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { AppConfig } from '../infra/config/app-config';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { renderMail } from '../infra/mail/mail-template';
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
    const footer = `If you did not ask for this, you can ignore this mail: your password stays as it is. Questions: ${this.config.supportEmail}`;
    if ((await this.auth.passwordHashOf(user.id)) === null && user.google_id) {
      await this.mail.send(
        renderMail(user.email, {
          subject: `Sign in to ${PRODUCT_NAME} with Google`,
          paragraphs: [
            `Someone asked to reset the password of your ${PRODUCT_NAME} account.`,
            'Your account has no password: it signs in with Google. Use "Sign in with Google" on the sign-in page.',
          ],
          action: { label: 'Go to sign in', url: `${this.config.appUrl}/signin` },
          footer,
        }),
      );
      return { sent: 'google' };
    }
    const token = await this.passwords.issueResetToken(user.id);
    await this.mail.send(
      renderMail(user.email, {
        subject: `Reset your ${PRODUCT_NAME} password`,
        paragraphs: [
          `Someone asked to reset the password of your ${PRODUCT_NAME} account (${user.email}).`,
          `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out everywhere else.`,
        ],
        action: { label: 'Choose a new password', url: `${this.config.appUrl}/reset-password?token=${token}` },
        footer,
      }),
    );
    return { sent: 'reset' };
  }
}
