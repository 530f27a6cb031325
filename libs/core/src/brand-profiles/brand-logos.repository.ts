import type { LogoVariant } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** One logo of a brand profile's kit. */
export interface BrandLogoRow {
  id: string;
  variant: LogoVariant;
  s3_key: string;
  width: number;
  height: number;
  content_type: string;
}

/** The brand_logos table. */
@Injectable()
export class BrandLogosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The profile's logos (at most one per variant is used: the newest). */
  findForProfile(organizationId: string, brandProfileId: string, manager: EntityManager = this.dataSource.manager): Promise<BrandLogoRow[]> {
    return manager.query(
      `SELECT id, variant, s3_key, width, height, content_type FROM brand_logos
        WHERE organization_id = $1 AND brand_profile_id = $2 ORDER BY created_at DESC, id`,
      [organizationId, brandProfileId],
    );
  }
}
