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

export interface BrandLogoListRow extends BrandLogoRow {
  brand_profile_id: string;
}

export interface NewBrandLogo {
  organizationId: string;
  brandProfileId: string;
  variant: LogoVariant;
  s3Key: string;
  width: number;
  height: number;
  contentType: string;
  fileSize: number;
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

  /** The logos of the profiles, newest first within each. */
  findForProfiles(profileIds: string[], manager: EntityManager = this.dataSource.manager): Promise<BrandLogoListRow[]> {
    if (profileIds.length === 0) return Promise.resolve([]);
    return manager.query(
      `SELECT id, brand_profile_id, variant, s3_key, width, height, content_type FROM brand_logos
        WHERE brand_profile_id = ANY($1::uuid[]) ORDER BY created_at DESC, id`,
      [profileIds],
    );
  }

  /**
   * In the caller's transaction: queues behind any other change of the profile's logo of that
   * variant, so two uploads at once leave one row and no orphaned file.
   */
  async lockVariant(brandProfileId: string, variant: LogoVariant, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`brand_logos:${brandProfileId}:${variant}`]);
  }

  /** Deletes the profile's logos of that variant; returns their storage keys. */
  async deleteVariant(organizationId: string, brandProfileId: string, variant: LogoVariant, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const [rows]: [Array<{ s3_key: string }>, number] = await manager.query(
      `DELETE FROM brand_logos WHERE organization_id = $1 AND brand_profile_id = $2 AND variant = $3 RETURNING s3_key`,
      [organizationId, brandProfileId, variant],
    );
    return rows.map((row) => row.s3_key);
  }

  async insert(logo: NewBrandLogo, manager: EntityManager = this.dataSource.manager): Promise<BrandLogoRow> {
    const [row]: BrandLogoRow[] = await manager.query(
      `INSERT INTO brand_logos (organization_id, brand_profile_id, variant, s3_key, width, height, content_type, file_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id, variant, s3_key, width, height, content_type`,
      [logo.organizationId, logo.brandProfileId, logo.variant, logo.s3Key, logo.width, logo.height, logo.contentType, logo.fileSize],
    );
    return row;
  }

  /** The storage keys of the profile's logos (before the profile's deletion cascades to them). */
  async storageKeysOfProfile(organizationId: string, brandProfileId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: Array<{ s3_key: string }> = await manager.query(`SELECT s3_key FROM brand_logos WHERE organization_id = $1 AND brand_profile_id = $2`, [organizationId, brandProfileId]);
    return rows.map((row) => row.s3_key);
  }

  /** The storage keys of every logo of the organization (removing an organization). */
  async storageKeysOfOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: Array<{ s3_key: string }> = await manager.query(`SELECT s3_key FROM brand_logos WHERE organization_id = $1`, [organizationId]);
    return rows.map((row) => row.s3_key);
  }
}
