import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** brand_data as spec §3 describes it; other keys are kept as they come (the Brand Brain issue defines more). */
export interface BrandData {
  colors?: { primary?: string | null; secondary?: string | null; accent?: string | null };
  typography?: { fontFamily?: string | null; headingStyle?: string | null };
  visualStyle?: { tone?: string | null; imageStyle?: string | null };
  brandPersonality?: string[];
  [key: string]: unknown;
}

/** A brand profile (minimal: the Brand Brain issue builds the rest on it). */
@Entity('brand_profiles')
export class BrandProfile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  organization_id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  brand_data: BrandData;

  /** Generated assets made with this profile (kept by the generation pipeline). */
  @Column({ type: 'integer', default: 0 })
  asset_count: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
