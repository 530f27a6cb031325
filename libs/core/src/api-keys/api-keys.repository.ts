import type { ApiKeyScope } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { pgPoolOf, queryPrepared } from '../infra/database/prepared-statements';
import { ApiKey } from './entities/api-key.entity';

/** A key with the account that created it, as Settings lists it. */
export interface ApiKeyWithCreator extends Omit<ApiKey, 'key_hash'> {
  creator_email: string | null;
  creator_username: string | null;
}

/** What a request made with a key acts as. */
export interface ActiveApiKey {
  id: string;
  organization_id: string;
  scopes: ApiKeyScope[];
}

/** How seldom last_used_at is written: a busy key does not rewrite its row on every request. */
const LAST_USED_PRECISION = '1 minute';

/**
 * The key of every /api/v1 request, found by its hash, with last_used_at moved on when it is older
 * than LAST_USED_PRECISION: one statement, prepared (it runs on each request).
 */
const AUTHENTICATE_SQL = `WITH found AS (
      SELECT id, organization_id, scopes, last_used_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL
    ), touched AS (
      UPDATE api_keys SET last_used_at = now()
        FROM found
       WHERE api_keys.id = found.id AND (found.last_used_at IS NULL OR found.last_used_at < now() - interval '${LAST_USED_PRECISION}')
    )
    SELECT id, organization_id, scopes FROM found`;

@Injectable()
export class ApiKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    fields: { organizationId: string; createdBy: string; name: string; prefix: string; keyHash: Buffer; scopes: ApiKeyScope[] },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ApiKey> {
    const [row]: ApiKey[] = await manager.query(
      `INSERT INTO api_keys (organization_id, created_by, name, prefix, key_hash, scopes)
       VALUES ($1, $2, $3, $4, $5, $6::text[])
       RETURNING id, organization_id, created_by, name, prefix, scopes, created_at, last_used_at, revoked_at, revoked_by`,
      [fields.organizationId, fields.createdBy, fields.name, fields.prefix, fields.keyHash, fields.scopes],
    );
    return manager.create(ApiKey, row);
  }

  /** Active keys of the organization. Pass a transaction's manager after lockOrganizationKeys to count and insert without a race. */
  async countActive(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM api_keys WHERE organization_id = $1 AND revoked_at IS NULL`, [organizationId]);
    return count;
  }

  /** Serializes key creation of one organization until the transaction ends (the count stays true). */
  async lockOrganizationKeys(organizationId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('api_keys'), hashtext($1))`, [organizationId]);
  }

  /** The organization's active keys, newest first, each with its creator's email and username. */
  async listActiveWithCreators(organizationId: string): Promise<ApiKeyWithCreator[]> {
    return this.dataSource.query(
      `SELECT k.id, k.organization_id, k.created_by, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.revoked_at, k.revoked_by,
              u.email AS creator_email, u.username AS creator_username
         FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
        WHERE k.organization_id = $1 AND k.revoked_at IS NULL
        ORDER BY k.created_at DESC, k.id DESC`,
      [organizationId],
    );
  }

  /** Marks the organization's active key revoked; null when there is none with that id. */
  async revoke(organizationId: string, id: string, revokedBy: string, manager: EntityManager = this.dataSource.manager): Promise<ApiKey | null> {
    const [rows]: [ApiKey[], number] = await manager.query(
      `UPDATE api_keys SET revoked_at = now(), revoked_by = $3
        WHERE id = $1 AND organization_id = $2 AND revoked_at IS NULL
        RETURNING id, organization_id, created_by, name, prefix, scopes, created_at, last_used_at, revoked_at, revoked_by`,
      [id, organizationId, revokedBy],
    );
    return rows[0] ? manager.create(ApiKey, rows[0]) : null;
  }

  /** The active key with this hash (its last use recorded), or null. */
  async findActiveByHashAndTouch(keyHash: Buffer): Promise<ActiveApiKey | null> {
    const [row] = await queryPrepared<ActiveApiKey>(pgPoolOf(this.dataSource), AUTHENTICATE_SQL, [keyHash]);
    return row ?? null;
  }
}
