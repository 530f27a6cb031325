import type { PreferencesDto } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Column({ type: 'text', nullable: true, select: false })
  password_hash: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  google_id: string | null;

  @Column({ type: 'text', nullable: true })
  avatar_url: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  bio: string | null;

  /** Storage key of an uploaded avatar (avatar_url then points at it); null for none or a Google picture. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  avatar_key: string | null;

  /** Stored as set; read through UsersService, which fills in the defaults. */
  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  preferences: Partial<PreferencesDto>;

  @Column({ type: 'boolean', default: false })
  is_admin: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
