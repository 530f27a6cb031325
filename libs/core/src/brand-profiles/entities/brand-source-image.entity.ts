import { Column, CreateDateColumn, Entity } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';

/**
 * An image a brand was extracted from: the original (s3_key) and its WebP thumbnail, stored under the
 * organization's prefix. It belongs to its extraction, and to the profile once one is created from it.
 */
@Entity('brand_source_images')
export class BrandSourceImage extends OrganizationRow {
  @Column({ type: 'uuid', nullable: true })
  brand_profile_id: string | null;

  @Column({ type: 'uuid', nullable: true })
  extraction_id: string | null;

  /** Order of the images in the extraction request. */
  @Column({ type: 'smallint', default: 0 })
  position: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  file_name: string | null;

  @Column({ type: 'varchar', length: 512 })
  s3_key: string;

  @Column({ type: 'varchar', length: 512, nullable: true })
  thumbnail_key: string | null;

  @Column({ type: 'varchar', length: 50 })
  content_type: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** Bytes of the original. */
  @Column({ type: 'integer' })
  file_size: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
