import type { AdminUserDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Page, PageQuery } from '../infra/database/page-query';
import { substringPattern } from '../infra/database/substring-pattern';

export type UserSortColumn = 'email' | 'username' | 'created_at' | 'is_admin';

/** A user as administrators list them: with the organization they work in (their oldest membership). */
export type AdminUserRow = Omit<AdminUserDto, 'created_at'> & { created_at: Date };

const ADMIN_USER_SELECT = `SELECT u.id, u.username, u.email, u.avatar_url, u.is_admin, u.created_at, o.id AS organization_id, o.name AS organization_name
  FROM users u
  LEFT JOIN LATERAL (SELECT m.organization_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at LIMIT 1) m ON true
  LEFT JOIN organizations o ON o.id = m.organization_id`;

@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- Administrators' reads (admin console) ---

  async countAll(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM users`);
    return count;
  }

  /** One page of users (search in email and username), and how many match. */
  async adminPage(query: PageQuery<UserSortColumn>): Promise<Page<AdminUserRow>> {
    const where = query.q ? `WHERE u.email ILIKE $1 ESCAPE '\\' OR u.username ILIKE $1 ESCAPE '\\'` : '';
    const params = query.q ? [substringPattern(query.q)] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`${ADMIN_USER_SELECT} ${where} ORDER BY u.${query.sort} ${query.order}, u.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`, params),
      this.dataSource.query(`SELECT count(*)::int AS total FROM users u ${where}`, params),
    ]);
    return { rows, total };
  }

  async adminFindById(id: string): Promise<AdminUserRow | undefined> {
    const [row]: AdminUserRow[] = await this.dataSource.query(`${ADMIN_USER_SELECT} WHERE u.id = $1`, [id]);
    return row;
  }

  /** Locks every administrator's row (in id order) until the transaction ends; returns their ids. */
  async lockAdministrators(manager: EntityManager): Promise<string[]> {
    const admins: Array<{ id: string }> = await manager.query(`SELECT id FROM users WHERE is_admin ORDER BY id FOR UPDATE`);
    return admins.map((admin) => admin.id);
  }

  /** Locks the user's row until the transaction ends; undefined when there is none. */
  async lockAdminStatus(id: string, manager: EntityManager): Promise<{ id: string; is_admin: boolean } | undefined> {
    const [user]: Array<{ id: string; is_admin: boolean }> = await manager.query(`SELECT id, is_admin FROM users WHERE id = $1 FOR UPDATE`, [id]);
    return user;
  }
}
