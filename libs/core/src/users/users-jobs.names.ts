import type { PasswordResetMailJob } from './password-reset-mail';

/** The users domain's outbox events and queue jobs (jobs composed in libs/core/src/job-names.ts). */
export const USER_EVENTS = {
  /** Someone asked for a password reset of an existing account. Payload: { userId }. */
  passwordResetRequested: 'users.password-reset.requested',
} as const;

export const USER_JOBS = {
  /** Makes the reset token (only its hash is stored) and mails the link, or tells a Google account to sign in with Google. */
  passwordResetMail: 'users.password-reset-mail',
} as const;

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [USER_JOBS.passwordResetMail]: PasswordResetMailJob;
  }
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [USER_EVENTS.passwordResetRequested]: { userId: string };
  }
}
