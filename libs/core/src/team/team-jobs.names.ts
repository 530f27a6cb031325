import type { Language } from '@brandloom/contracts';
import type { InvitationMailJob } from './invitation-mail';

/** The team's outbox events and queue jobs (jobs composed in libs/core/src/job-names.ts). */
export const TEAM_EVENTS = {
  /** An invitation was created or renewed: its link is to be mailed. Payload: { invitationId, language? (the request's) }. */
  invitationMailRequested: 'team.invitation.mail-requested',
} as const;

export const TEAM_JOBS = {
  /** Makes the invitation's token (only its hash is stored) and mails the link. */
  invitationMail: 'team.invitation-mail',
} as const;

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [TEAM_JOBS.invitationMail]: InvitationMailJob;
  }
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [TEAM_EVENTS.invitationMailRequested]: { invitationId: string; language?: Language };
  }
}
