import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';

/** A library folder (minimal: bulk batches land in one; the library issue adds the rest). */
@Entity('folders')
export class Folder extends OrganizationRow {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
