import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';

/** One stored image: the original (s3_key) and its WebP thumbnail (thumbnail_key). */
@Entity('assets')
export class Asset extends OrganizationRow {
  @Column({ type: 'uuid', nullable: true })
  generation_id: string | null;

  /** 0-based; unique per generation, so a retried job never duplicates an image. */
  @Column({ type: 'smallint', nullable: true })
  variation_index: number | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Storage key (the API's field name; the driver may be local disk or S3). */
  @Column({ type: 'varchar', length: 512 })
  s3_key: string;

  @Column({ type: 'varchar', length: 512, nullable: true })
  thumbnail_key: string | null;

  @Column({ type: 'varchar', length: 50, default: 'image/png' })
  content_type: string;

  @Column({ type: 'integer' })
  width: number;

  @Column({ type: 'integer' })
  height: number;

  /** Bytes of the original. */
  @Column({ type: 'integer' })
  file_size: number;

  @Column({ type: 'text', nullable: true })
  prompt: string | null;

  @Column({ type: 'uuid', nullable: true })
  brand_profile_id: string | null;

  /** Kept when the profile is deleted. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  brand_profile_name: string | null;

  @Column({ type: 'uuid', nullable: true })
  folder_id: string | null;

  /** Ad formats: the image this one was made from (null for originals, or once the original was deleted). */
  @Column({ type: 'uuid', nullable: true })
  parent_asset_id: string | null;

  /** '1:1' | '4:5' | '9:16' | '1.91:1' for a derived image. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  format: string | null;

  /** 'crop' | 'extend' | 'ai_extend': how the derived image was made. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  method: string | null;

  /** Drawn by the local test renderer (no image provider configured), or made from such an image. */
  @Column({ type: 'boolean', default: false })
  test_image: boolean;

  /** The format job that made it; unique, so a retried job never adds a second asset. */
  @Column({ type: 'uuid', nullable: true })
  format_job_id: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
