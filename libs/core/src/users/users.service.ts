import {
  AccountDto,
  AVATAR_KEY_PREFIX,
  avatarUrlFor,
  AVATAR_SIZE,
  DEFAULT_PREFERENCES,
  LANGUAGES,
  PreferencesDto,
  PROFILE_IMAGE_MAX_BYTES,
  USER_MESSAGES,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { EmailTakenError } from '../auth/auth.errors';
import { AuthService } from '../auth/auth.service';
import { User } from '../auth/entities/user.entity';
import { toUserDto } from '../auth/user.mapper';
import { OrganizationsService } from '../organizations/organizations.service';
import { isRefusedImage, PublicImages } from '../storage/public-images';
import { InvalidAccountInputError, ProfileImageError, ProfileImageNotFoundError } from './users.errors';
import { UsersRepository } from './users.repository';

export interface ProfileChanges {
  username?: string;
  email?: string;
  /** '' clears it. */
  bio?: string;
  currentPassword?: string;
}

const UNIQUE_VIOLATION = '23505';

/** The signed-in user's own account: profile, avatar and preferences. */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly auth: AuthService,
    private readonly organizations: OrganizationsService,
    private readonly images: PublicImages,
  ) {}

  async account(userId: string): Promise<AccountDto> {
    const user = await this.require(userId);
    const [passwordHash, context] = await Promise.all([this.auth.passwordHashOf(userId), this.organizations.contextFor(userId)]);
    return {
      ...toUserDto(user),
      bio: user.bio ?? null,
      has_password: passwordHash !== null,
      google_linked: user.google_id !== null,
      organization_id: context?.organizationId ?? null,
      role: context?.role ?? null,
      preferences: withDefaults(user.preferences),
    };
  }

  /** Username, email (the current password is required for a password account) and bio; already validated in shape. */
  async updateProfile(userId: string, changes: ProfileChanges): Promise<AccountDto> {
    const user = await this.require(userId);
    const update: Partial<Pick<User, 'username' | 'email' | 'bio'>> = {};
    if (changes.username !== undefined) update.username = changes.username;
    if (changes.bio !== undefined) update.bio = changes.bio === '' ? null : changes.bio;
    if (changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase()) {
      const hash = await this.auth.passwordHashOf(userId);
      if (hash === null) throw new InvalidAccountInputError(USER_MESSAGES.googleEmail);
      if (!changes.currentPassword) throw new InvalidAccountInputError(USER_MESSAGES.currentPasswordRequired);
      if (!(await this.auth.verifyPassword(userId, changes.currentPassword))) throw new InvalidAccountInputError(USER_MESSAGES.currentPasswordWrong);
      update.email = changes.email;
    } else if (changes.email !== undefined) {
      update.email = changes.email; // same address, perhaps another case
    }
    if (Object.keys(update).length > 0) {
      try {
        await this.users.updateProfile(userId, update);
      } catch (error) {
        if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
        throw error;
      }
    }
    return this.account(userId);
  }

  /** Stores the upload as a 256² WebP (checked by content) and points avatar_url at it; the previous upload is removed. */
  async setAvatar(userId: string, file: Buffer): Promise<AccountDto> {
    if (file.length > PROFILE_IMAGE_MAX_BYTES) throw new ProfileImageError(USER_MESSAGES.imageTooLarge, 'too_large');
    let key: string;
    try {
      key = await this.images.store(AVATAR_KEY_PREFIX, file, { kind: 'square', size: AVATAR_SIZE });
    } catch (error) {
      if (isRefusedImage(error)) throw new ProfileImageError(USER_MESSAGES.imageType, 'unsupported_type');
      throw error;
    }
    const previous = await this.dataSource.transaction(async (m) => {
      const locked = await this.users.lockById(userId, m);
      if (!locked) throw new InvalidAccountInputError('Account not found');
      await this.users.setAvatar(userId, key, avatarUrlFor(key), m);
      return locked.avatar_key;
    });
    await this.images.remove(previous);
    return this.account(userId);
  }

  async avatarFile(file: string): Promise<{ buffer: Buffer; contentType: string }> {
    const image = await this.images.read(AVATAR_KEY_PREFIX, file);
    if (!image) throw new ProfileImageNotFoundError();
    return image;
  }

  async preferences(userId: string): Promise<PreferencesDto> {
    return withDefaults((await this.require(userId)).preferences);
  }

  /** Stores the given fields (validated by the caller) over the current ones. */
  async updatePreferences(userId: string, changes: Partial<PreferencesDto>): Promise<PreferencesDto> {
    await this.users.mergePreferences(userId, changes);
    return this.preferences(userId);
  }

  private async require(userId: string): Promise<User> {
    const user = await this.auth.findUser(userId);
    if (!user) throw new InvalidAccountInputError('Account not found');
    return user;
  }
}

/** Stored preferences over the defaults; a stored value that is no longer valid falls back to its default. */
function withDefaults(stored: Partial<PreferencesDto> | null | undefined): PreferencesDto {
  const s = stored ?? {};
  return {
    dark_mode: typeof s.dark_mode === 'boolean' ? s.dark_mode : DEFAULT_PREFERENCES.dark_mode,
    email_notifications: typeof s.email_notifications === 'boolean' ? s.email_notifications : DEFAULT_PREFERENCES.email_notifications,
    browser_notifications: typeof s.browser_notifications === 'boolean' ? s.browser_notifications : DEFAULT_PREFERENCES.browser_notifications,
    language: LANGUAGES.includes(s.language as never) ? s.language! : DEFAULT_PREFERENCES.language,
  };
}
