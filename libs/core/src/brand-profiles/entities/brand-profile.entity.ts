import type { BrandData } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { UserMadeOrganizationRow } from '../../infra/database/organization-row';



/** A brand profile of an organization: what makes every generated image on-brand. */
@Entity('brand_profiles')
export class BrandProfile extends UserMadeOrganizationRow {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  brand_data: BrandData;

  /** Generated assets made with this profile; kept by the asset.created/asset.deleted consumer. */
  @Column({ type: 'integer', default: 0 })
  asset_count: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;

  /**
   * Not a column: set by BrandProfilesService.findForOrganization, loads the WebP thumbnails of the
   * profile's source images (style references for an image provider that takes them).
   */
  loadStyleReferences?: () => Promise<Buffer[]>;
}
