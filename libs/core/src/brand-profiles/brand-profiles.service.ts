import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { BrandStyle } from '../generation/providers/image-provider';
import { BrandProfileNotFoundError } from './brand-profiles.errors';
import { BrandProfile } from './entities/brand-profile.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Brand profiles, always scoped to an organization (minimal: lookups the generation pipeline needs). */
@Injectable()
export class BrandProfilesService {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's profile, or null (also for a malformed id or another organization's profile). */
  async findForOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<BrandProfile | null> {
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    return manager.findOneBy(BrandProfile, { id, organization_id: organizationId });
  }

  /** Like findForOrganization, but throws BrandProfileNotFoundError (404). */
  async getForOrganization(organizationId: string, id: string, manager?: EntityManager): Promise<BrandProfile> {
    const profile = await this.findForOrganization(organizationId, id, manager);
    if (!profile) throw new BrandProfileNotFoundError();
    return profile;
  }
}

/** What an image provider needs of a profile: its name, colours and visual style. */
export function brandStyleOf(profile: Pick<BrandProfile, 'name' | 'brand_data'>): BrandStyle {
  const data = profile.brand_data ?? {};
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    name: profile.name,
    colors: { primary: text(data.colors?.primary), secondary: text(data.colors?.secondary), accent: text(data.colors?.accent) },
    visualStyle: { tone: text(data.visualStyle?.tone), imageStyle: text(data.visualStyle?.imageStyle) },
  };
}
