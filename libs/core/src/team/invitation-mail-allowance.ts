import { TEAM_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { RateLimit, RateLimits } from '../infra/rate-limit/rate-limits';
import { TooManyInvitationMailsError } from '../organizations/organizations.errors';

/**
 * Invitation mails (invitations and resends) per organization and invited address, and per
 * organization, within INVITATION_MAIL_WINDOW_SECONDS; counted in PostgreSQL across API processes.
 * Keyed by the organization too, so one organization can never use up another's mails to an address.
 */
@Injectable()
export class InvitationMailAllowance {
  private readonly perAddress: RateLimit;
  private readonly perOrganization: RateLimit;

  constructor(config: AppConfig, limits: RateLimits) {
    const window = config.INVITATION_MAIL_WINDOW_SECONDS;
    this.perAddress = limits.define('invitation-mail-email', config.INVITATION_MAILS_PER_EMAIL, window);
    this.perOrganization = limits.define('invitation-mail-org', config.INVITATION_MAILS_PER_ORGANIZATION, window);
  }

  /**
   * Runs `send` (which records the mail) with one mail taken from both allowances; 429 when either
   * is used up, and the mail given back when `send` fails.
   */
  async spend<T>(organizationId: string, email: string, send: () => Promise<T>): Promise<T> {
    const address = email.trim().toLowerCase();
    const addressWait = await this.perAddress.take(organizationId, address);
    if (addressWait !== null) throw new TooManyInvitationMailsError(TEAM_MESSAGES.tooManyMailsToAddress, addressWait);
    const organizationWait = await this.perOrganization.take(organizationId);
    if (organizationWait !== null) {
      await this.perAddress.giveBack(organizationId, address);
      throw new TooManyInvitationMailsError(TEAM_MESSAGES.tooManyMailsFromOrganization, organizationWait);
    }
    try {
      return await send();
    } catch (error) {
      await Promise.all([this.perAddress.giveBack(organizationId, address), this.perOrganization.giveBack(organizationId)]).catch(() => undefined);
      throw error;
    }
  }
}
