import type { BlogStatus } from '@brandloom/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A blog post; `content` is stored sanitized (the product's tags only). */
@Entity('blog_posts')
export class BlogPost {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 500 })
  excerpt: string;

  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: BlogStatus;

  /** Storage key of the uploaded original (blog/...). */
  @Column({ type: 'varchar', length: 512, nullable: true })
  featured_image: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  meta_description: string | null;

  @Column({ type: 'uuid', nullable: true })
  created_by: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updated_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  published_at: Date | null;
}
