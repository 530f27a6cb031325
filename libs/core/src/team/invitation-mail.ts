import { INVITATION_TTL_DAYS, LANGUAGES, type Language } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { AppConfig } from '../infra/config/app-config';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { renderMail } from '../infra/mail/mail-template';
import { MAIL_TEXTS, mailLanguageOf } from '../infra/mail/mail-texts';
import { MailPort } from '../infra/mail/mail.port';
import { OnJob } from '../infra/queue/on-job.decorator';
import { QueuePort } from '../infra/queue/queue.port';
import { newSecretToken } from '../infra/tokens/secret-token';
import { InvitationsService, invitationStatus } from '../organizations/invitations.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { TEAM_EVENTS, TEAM_JOBS } from './team-jobs.names';

export interface InvitationMailJob {
  invitationId: string;
  /** The inviting request's language, used when the inviter has chosen none. */
  language?: Language;
}

/**
 * Invitation mails: the committed outbox event enqueues the job (keyed by the event, so a replay
 * is a no-op); the job makes the token, stores its hash and mails the link. The raw token exists
 * only in the mail.
 */
@Injectable()
export class InvitationMail {
  private readonly logger = new Logger(InvitationMail.name);

  constructor(
    private readonly queue: QueuePort,
    private readonly invitations: InvitationsService,
    private readonly organizations: OrganizationsService,
    private readonly auth: AuthService,
    private readonly mail: MailPort,
    private readonly config: AppConfig,
  ) {}

  @OnDomainEvent(TEAM_EVENTS.invitationMailRequested)
  async onRequested(event: DomainEvent<typeof TEAM_EVENTS.invitationMailRequested>): Promise<void> {
    if (typeof event.payload?.invitationId !== 'string') return;
    await this.queue.enqueue(TEAM_JOBS.invitationMail, { invitationId: event.payload.invitationId, ...(event.payload.language && { language: event.payload.language }) } satisfies InvitationMailJob, { jobId: `invitation-mail-${event.id}` });
  }

  @OnJob(TEAM_JOBS.invitationMail, { attempts: 5 })
  async send(data: InvitationMailJob): Promise<{ sent: boolean }> {
    const invitation = data && typeof data.invitationId === 'string' ? await this.invitations.findById(data.invitationId) : null;
    if (!invitation || invitationStatus(invitation) !== 'pending') return { sent: false };
    const [organization, inviter] = await Promise.all([
      this.organizations.findById(invitation.organization_id),
      invitation.invited_by ? this.auth.findUser(invitation.invited_by) : null,
    ]);
    if (!organization) return { sent: false };
    const { token, hash } = newSecretToken();
    if (!(await this.invitations.setToken(invitation.id, hash))) return { sent: false };
    const url = `${this.config.appUrl}/invitations/${token}`;
    // The invited person has no account (or no say) yet: the mail is in the inviter's language (their choice, else their request's).
    const language = mailLanguageOf(inviter, LANGUAGES.find((known) => known === data.language));
    const texts = MAIL_TEXTS[language].invitation({
      inviter: inviter?.username ?? null,
      organization: organization.name,
      role: invitation.role,
      ttlDays: INVITATION_TTL_DAYS,
      supportEmail: this.config.supportEmail,
    });
    await this.mail.send(renderMail(invitation.email, { ...texts, action: { label: texts.action, url }, language }));
    this.logger.log(`invitation ${invitation.id} mailed`);
    return { sent: true };
  }
}
