import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Image providers by name and what each call cost:
 * - generations.provider is a name from the provider registry (no CHECK listing two names).
 * - generations.model / format_jobs.model: the model the provider sent the request to (null for the
 *   local renderer); token_usage: the usage block the API answered (input, output and total tokens).
 * - The admin console sums images and their spend estimate per model and day.
 */
export class ProviderUsage1764720000000 implements MigrationInterface {
  name = 'ProviderUsage1764720000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE generations DROP CONSTRAINT IF EXISTS generations_provider_check`);
    await q.query(`ALTER TABLE generations ADD COLUMN model varchar(100), ADD COLUMN token_usage jsonb`);
    await q.query(`ALTER TABLE format_jobs ADD COLUMN model varchar(100), ADD COLUMN token_usage jsonb`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE format_jobs DROP COLUMN token_usage, DROP COLUMN model`);
    await q.query(`ALTER TABLE generations DROP COLUMN token_usage, DROP COLUMN model`);
    await q.query(`ALTER TABLE generations ADD CONSTRAINT generations_provider_check CHECK (provider IN ('openai', 'local'))`);
  }
}
