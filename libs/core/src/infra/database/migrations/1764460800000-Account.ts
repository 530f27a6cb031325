import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account: profile and preferences on users, organization details and logo,
 * one organization per user, team invitations and password reset tokens (both stored hashed).
 */
export class Account1764460800000 implements MigrationInterface {
  name = 'Account1764460800000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN bio varchar(500)`);
    await q.query(`ALTER TABLE users ADD COLUMN avatar_key varchar(255)`);
    await q.query(`ALTER TABLE users ADD COLUMN preferences jsonb NOT NULL DEFAULT '{}'::jsonb`);

    await q.query(`ALTER TABLE organizations ADD COLUMN website varchar(500)`);
    await q.query(`ALTER TABLE organizations ADD COLUMN description varchar(1000)`);
    await q.query(`ALTER TABLE organizations ADD COLUMN logo_key varchar(255)`);

    // A user belongs to one organization at a time (docs/decisions.md: Teams).
    await q.query(`CREATE UNIQUE INDEX memberships_user_id_key ON memberships (user_id)`);

    await q.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        email varchar(320) NOT NULL,
        role varchar(20) NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
        -- SHA-256 of the mailed token, set by the job that sends the link (NULL until then).
        token_hash char(64) UNIQUE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        revoked_at timestamptz
      )`);
    // One open invitation per email and organization; the list reads an organization's open ones.
    await q.query(`CREATE UNIQUE INDEX invitations_open_email_key ON invitations (organization_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL`);

    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX password_resets_user_id_idx ON password_resets (user_id, created_at DESC)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_resets`);
    await q.query(`DROP TABLE invitations`);
    await q.query(`DROP INDEX memberships_user_id_key`);
    await q.query(`ALTER TABLE organizations DROP COLUMN logo_key, DROP COLUMN description, DROP COLUMN website`);
    await q.query(`ALTER TABLE users DROP COLUMN preferences, DROP COLUMN avatar_key, DROP COLUMN bio`);
  }
}
