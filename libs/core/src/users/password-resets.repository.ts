import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** The password_resets table: one row per mailed reset link, holding only the token's hash. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(userId: string, tokenHash: string, ttlMinutes: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [userId, tokenHash, ttlMinutes]);
  }

  /** Marks every unused token of the user used. */
  async spendAllOf(userId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  }

  /** Marks the token used if it is unused and unexpired; answers its user, else null. */
  async spend(tokenHash: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    // UPDATE through query() answers [rows, affected count].
    const [[row]]: [{ user_id: string }[], number] = await manager.query(
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash],
    );
    return row?.user_id ?? null;
  }
}
