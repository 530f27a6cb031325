import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Graph answers meaning the configured Meta API version, or a field or call of it, is retired: one
 * row per version, error code and call, so administrators see what broke, how often and since when.
 */
export class MetaGraphWarnings1764723600000 implements MigrationInterface {
  name = 'MetaGraphWarnings1764723600000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE meta_graph_warnings (
        graph_version varchar(16) NOT NULL,
        code integer NOT NULL,
        call varchar(200) NOT NULL,
        kind varchar(20) NOT NULL CHECK (kind IN ('version_retired', 'feature_retired')),
        meta_message text NOT NULL,
        occurrences integer NOT NULL DEFAULT 1,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (graph_version, code, call)
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE meta_graph_warnings`);
  }
}
