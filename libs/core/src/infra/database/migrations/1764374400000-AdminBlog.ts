import { MigrationInterface, QueryRunner } from 'typeorm';

/** The blog: posts with unique slugs, published ones listed newest first; and the admin audit trail. */
export class AdminBlog1764374400000 implements MigrationInterface {
  name = 'AdminBlog1764374400000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blog_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(200) NOT NULL,
        slug varchar(200) NOT NULL UNIQUE,
        content text NOT NULL,
        excerpt varchar(500) NOT NULL,
        author varchar(100) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        featured_image varchar(512),
        meta_description varchar(300),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX blog_posts_published_idx ON blog_posts (published_at DESC, id DESC) WHERE status = 'published'`);
    await q.query(`CREATE INDEX blog_posts_created_idx ON blog_posts (created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE admin_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid REFERENCES users(id) ON DELETE SET NULL,
        admin_email varchar(255),
        action varchar(64) NOT NULL,
        target_type varchar(40) NOT NULL,
        target_id varchar(64),
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX admin_audit_created_idx ON admin_audit (created_at DESC, id DESC)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_audit`);
    await q.query(`DROP TABLE blog_posts`);
  }
}
