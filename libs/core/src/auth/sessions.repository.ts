import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Deletes the sessions past their expiry; returns how many. */
  async deleteExpired(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [, count]: [unknown, number] = await manager.query(`DELETE FROM session WHERE expire < now()`);
    return count;
  }
}
