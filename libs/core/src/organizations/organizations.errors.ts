import { ORGANIZATION_MESSAGES, TEAM_MESSAGES } from '@brandloom/contracts';
import { DomainError } from '../infra/errors/domain-error';

export class OrganizationNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'organization_not_found';

  constructor(message = 'Organization not found') {
    super(message);
  }
}

export class InvalidOrganizationInputError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'organization_input_invalid';
}

/** A member asked for what only owners and admins (or only owners) may do. */
export class TeamPermissionError extends DomainError {
  readonly kind = 'forbidden';
  readonly code = 'team_permission';

  constructor(message: string = ORGANIZATION_MESSAGES.managersOnly) {
    super(message);
  }
}

export class MemberNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'member_not_found';

  constructor() {
    super(TEAM_MESSAGES.memberNotFound);
  }
}

export class InvitationNotFoundError extends DomainError {
  readonly kind = 'not_found';
  readonly code = 'invitation_not_found';

  constructor() {
    super(TEAM_MESSAGES.invitationNotFound);
  }
}

/** Taken, used, expired or revoked invitations, the last owner, a sole owner leaving members behind... */
export class TeamConflictError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'team_conflict';
}

export class InvitationGoneError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'invitation_gone';
}

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
