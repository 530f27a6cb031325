import { canManageTeam, LOGO_KEY_PREFIX, LOGO_MAX_DIMENSION, ORGANIZATION_MESSAGES, OrganizationDto, PROFILE_IMAGE_MAX_BYTES, USER_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DomainError } from '../infra/errors/domain-error';
import { toOrganizationDto } from '../organizations/organization.mapper';
import { InvalidOrganizationInputError, OrganizationNotFoundError, TeamPermissionError } from '../organizations/organizations.errors';
import { OrganizationsService } from '../organizations/organizations.service';
import { isRefusedImage, PublicImages } from '../storage/public-images';
import type { TeamActor } from './team.service';

export interface OrganizationChanges {
  name?: string;
  /** '' clears it. */
  website?: string;
  /** '' clears it. */
  description?: string;
}

/** The organization's name, website, description and logo: owners and admins edit, members read. */
@Injectable()
export class OrganizationSettingsService {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly images: PublicImages,
  ) {}

  async update(actor: TeamActor, changes: OrganizationChanges): Promise<OrganizationDto> {
    if (!canManageTeam(actor.role)) throw new TeamPermissionError(ORGANIZATION_MESSAGES.managersOnly);
    const update: { name?: string; website?: string | null; description?: string | null } = {};
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.website !== undefined) update.website = changes.website === '' ? null : changes.website;
    if (changes.description !== undefined) update.description = changes.description === '' ? null : changes.description;
    if (Object.keys(update).length === 0) throw new InvalidOrganizationInputError(ORGANIZATION_MESSAGES.nothingToUpdate);
    return toOrganizationDto(await this.organizations.updateDetails(actor.organizationId, update));
  }

  /** Stores the logo as a WebP of at most 512 px (checked by content); the previous one is removed. */
  async setLogo(actor: TeamActor, file: Buffer): Promise<OrganizationDto> {
    if (!canManageTeam(actor.role)) throw new TeamPermissionError(ORGANIZATION_MESSAGES.managersOnly);
    if (file.length > PROFILE_IMAGE_MAX_BYTES) throw new LogoError(USER_MESSAGES.imageTooLarge, 'too_large');
    let key: string;
    try {
      key = await this.images.store(LOGO_KEY_PREFIX, file, { kind: 'fit', maxDimension: LOGO_MAX_DIMENSION });
    } catch (error) {
      if (isRefusedImage(error)) throw new LogoError(USER_MESSAGES.imageType, 'unsupported_type');
      throw error;
    }
    const { organization, previousKey } = await this.organizations.replaceLogo(actor.organizationId, key);
    await this.images.remove(previousKey);
    return toOrganizationDto(organization);
  }

  async logoFile(file: string): Promise<{ buffer: Buffer; contentType: string }> {
    const image = await this.images.read(LOGO_KEY_PREFIX, file);
    if (!image) throw new OrganizationNotFoundError('Image not found');
    return image;
  }
}

export class LogoError extends DomainError {
  readonly code: 'logo_too_large' | 'logo_type';

  constructor(message: string, readonly kind: 'too_large' | 'unsupported_type') {
    super(message);
    this.code = kind === 'too_large' ? 'logo_too_large' : 'logo_type';
  }
}
