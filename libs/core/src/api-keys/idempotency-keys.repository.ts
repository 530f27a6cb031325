import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyKey } from './entities/idempotency-key.entity';

/**
 * A request still marked in flight after this long is taken to have died with its process (a
 * request of the public API answers within a minute): its key may be claimed again.
 */
const ABANDONED_AFTER = '10 minutes';

@Injectable()
export class IdempotencyKeysRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims the key for a request (in flight, no answer yet): true when this call claimed it, false
   * when the key is held (then read it with find). An expired or abandoned key is claimed afresh.
   */
  async claim(organizationId: string, key: string, requestHash: Buffer, ttlHours: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (organization_id, key, request_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4))
       ON CONFLICT (organization_id, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at < now()
           OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < now() - interval '${ABANDONED_AFTER}')
       RETURNING 1`,
      [organizationId, key, requestHash, ttlHours],
    );
    return rows.length === 1;
  }

  async find(organizationId: string, key: string): Promise<IdempotencyKey | null> {
    return this.dataSource.getRepository(IdempotencyKey).findOneBy({ organization_id: organizationId, key });
  }

  /** Stores the answer of the request that claimed the key. */
  async complete(organizationId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(`UPDATE idempotency_keys SET response_status = $3, response_body = $4::jsonb WHERE organization_id = $1 AND key = $2`, [
      organizationId,
      key,
      status,
      JSON.stringify(body ?? null),
    ]);
  }

  /** Lets go of a claim whose request failed: the key may be used again. */
  async release(organizationId: string, key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE organization_id = $1 AND key = $2 AND response_status IS NULL`, [organizationId, key]);
  }

  /** Deletes expired keys; returns how many. */
  async deleteExpired(): Promise<number> {
    const [, count] = (await this.dataSource.query(`DELETE FROM idempotency_keys WHERE expires_at < now()`)) as [unknown, number];
    return count;
  }
}
