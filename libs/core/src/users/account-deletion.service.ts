import { DELETE_ACCOUNT_CONFIRMATION, USER_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PublicImages } from '../storage/public-images';
import { OrganizationRemoval } from '../team/organization-removal';
import { AccountConflictError, InvalidAccountInputError } from './users.errors';
import { UsersRepository } from './users.repository';

export interface DeleteAccountInput {
  confirm: unknown;
  password?: string;
}

/**
 * Deletes an account: the user, their sessions and avatar. A sole member takes the organization
 * with them (its files, brand profiles, ad-network connections; the Stripe subscription is cancelled).
 * An owner who would leave other members without an owner must hand ownership over first.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly organizations: OrganizationsService,
    private readonly removal: OrganizationRemoval,
    private readonly images: PublicImages,
  ) {}

  async delete(userId: string, input: DeleteAccountInput): Promise<void> {
    if (input.confirm !== DELETE_ACCOUNT_CONFIRMATION) throw new InvalidAccountInputError(USER_MESSAGES.deleteConfirm);
    if ((await this.auth.passwordHashOf(userId)) !== null) {
      if (!input.password) throw new InvalidAccountInputError(USER_MESSAGES.deletePasswordRequired);
      if (!(await this.auth.verifyPassword(userId, input.password))) throw new InvalidAccountInputError(USER_MESSAGES.currentPasswordWrong);
    }
    // Decided once before (to cancel the subscription of an organization that goes) and again under lock.
    const planned = await this.dataSource.transaction((m) => this.organizationThatGoes(m, userId));
    if (planned) await this.removal.prepare(planned);
    const { keys, avatarKey } = await this.dataSource.transaction(async (m) => {
      const goes = await this.organizationThatGoes(m, userId);
      if (goes !== planned) throw new AccountConflictError('The organization changed meanwhile. Please try again.');
      const user = await this.users.lockById(userId, m);
      const removedKeys = goes ? await this.removal.deleteRow(m, goes) : [];
      await this.auth.endSessions(userId, undefined, m);
      // Memberships, password reset tokens go with the row; generations and profiles keep a null user.
      await this.users.deleteById(userId, m);
      return { keys: removedKeys, avatarKey: user?.avatar_key ?? null };
    });
    await this.removal.removeFiles(keys);
    await this.images.remove(avatarKey);
  }

  /** The id of the organization deleted with the account (its only member), null when it stays; refuses a sole owner with members. */
  private async organizationThatGoes(m: EntityManager, userId: string): Promise<string | null> {
    const membership = await this.organizations.membershipOf(m, userId, true);
    if (!membership) return null;
    const memberships = await this.organizations.lockMemberships(m, membership.organization_id);
    if (memberships.length === 1) return membership.organization_id;
    if (membership.role === 'owner' && memberships.filter((x) => x.role === 'owner').length === 1) throw new AccountConflictError(USER_MESSAGES.ownerMustHandOver);
    return null;
  }
}
