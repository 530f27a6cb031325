import { ORGANIZATION_MESSAGES, TEAM_MESSAGES } from '@brandloom/contracts';
import { DomainError, domainError } from '../infra/errors/domain-error';

export class OrganizationNotFoundError extends domainError('not_found', 'organization_not_found', 'Organization not found') {}

export class InvalidOrganizationInputError extends domainError('invalid', 'organization_input_invalid') {}

/** A member asked for what only owners and admins (or only owners) may do. */
export class TeamPermissionError extends domainError('forbidden', 'team_permission', ORGANIZATION_MESSAGES.managersOnly) {}

export class MemberNotFoundError extends domainError('not_found', 'member_not_found', TEAM_MESSAGES.memberNotFound) {}

export class InvitationNotFoundError extends domainError('not_found', 'invitation_not_found', TEAM_MESSAGES.invitationNotFound) {}

/** Taken, used, expired or revoked invitations, the last owner, a sole owner leaving members behind... */
export class TeamConflictError extends domainError('conflict', 'team_conflict') {}

export class InvitationGoneError extends domainError('conflict', 'invitation_gone') {}

/** An invitation mail beyond the organization's or the invited address's allowance: 429, no mail. */
export class TooManyInvitationMailsError extends DomainError {
  readonly kind = 'limit';
  readonly code = 'invitation_mail_limit';
  readonly params: { minutes: number };

  constructor(
    message: (wait: string) => string,
    readonly retryAfterSeconds: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(message(`${minutes} minute${minutes === 1 ? '' : 's'}`));
    this.params = { minutes };
  }
}
