import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A data-deletion request Meta sent for one of its users; its code is the public status page's key. */
@Entity('meta_data_deletions')
export class MetaDataDeletion {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  confirmation_code: string;

  @Column({ type: 'varchar', length: 64 })
  meta_user_id: string;

  @Column({ type: 'varchar', length: 20, default: 'completed' })
  status: 'completed';

  @Column({ type: 'timestamptz', default: () => 'now()' })
  requested_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;
}
