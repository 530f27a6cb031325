import { substringPattern } from '../infra/database/substring-pattern';
import { readPage, type Page, type PageQuery } from '../infra/database/page-query';
import { isUuid, type PreferencesDto, type AdminUserDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { User } from '../auth/entities/user.entity';

export type UserSortColumn = 'id' | 'email' | 'username' | 'created_at' | 'is_admin';

/** A user as administrators list them: with the organization they work in (their oldest membership). */
export type AdminUserRow = Omit<AdminUserDto, 'created_at'> & { created_at: Date };

const ADMIN_USER_SELECT = `SELECT u.id, u.username, u.email, u.avatar_url, u.is_admin, u.created_at, o.id AS organization_id, o.name AS organization_name
  FROM users u
  LEFT JOIN LATERAL (SELECT m.organization_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at LIMIT 1) m ON true
  LEFT JOIN organizations o ON o.id = m.organization_id`;

/** The users table. The password hash is read only where asked for (`select: false` on the entity). */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(fields: Partial<User> & Pick<User, 'email' | 'username'>, manager: EntityManager = this.dataSource.manager): Promise<User> {
    return manager.save(manager.create(User, fields));
  }

  /** Writes the changed fields of a loaded user; answers it with its new update time. */
  save(user: User, manager: EntityManager = this.dataSource.manager): Promise<User> {
    return manager.save(user);
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.findOneBy(User, { id });
  }

  findByIds(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<User[]> {
    return ids.length === 0 ? Promise.resolve([]) : manager.findBy(User, { id: In(ids) });
  }

  /** The user, locked for the caller's transaction. */
  lockById(id: string, manager: EntityManager): Promise<User | null> {
    return manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Locks the user's row FOR NO KEY UPDATE: one writer at a time for this user, while rows that
   * reference it (password_resets) can still be inserted.
   */
  async lockAgainstOtherWriters(id: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [id]);
  }

  findByGoogleId(googleId: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.findOneBy(User, { google_id: googleId });
  }

  /** The user with this email in any case. */
  findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** The user with this email in any case, locked for the caller's transaction. */
  lockByEmail(email: string, manager: EntityManager): Promise<User | null> {
    return manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).setLock('pessimistic_write').getOne();
  }

  /** The user with this email in any case, with their password hash (for checking a password login). */
  findByEmailWithPasswordHash(email: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).createQueryBuilder('u').addSelect('u.password_hash').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** Whether any user has one of these (lower-case) emails, in any case. */
  async existsWithEmail(lowerCaseEmails: string[], manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE lower(email) = ANY($1::text[])`, [lowerCaseEmails]);
    return rows.length > 0;
  }

  async count(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM users`);
    return count;
  }

  /** The user's password hash; null for a Google-only account or an unknown user. */
  async passwordHashOf(id: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const row = await manager.getRepository(User).createQueryBuilder('u').select('u.id').addSelect('u.password_hash').where('u.id = :id', { id }).getOne();
    return row?.password_hash ?? null;
  }

  async setPasswordHash(id: string, passwordHash: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(User, { id }, { password_hash: passwordHash });
  }

  /** Username, email, bio (a taken email fails on the unique index). */
  async updateProfile(id: string, changes: Partial<Pick<User, 'username' | 'email' | 'bio'>>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(User, { id }, changes);
  }

  async setAvatar(id: string, avatarKey: string, avatarUrl: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(User, { id }, { avatar_key: avatarKey, avatar_url: avatarUrl });
  }

  /** Stores the given preferences over the stored ones (the others stay). */
  async mergePreferences(id: string, changes: Partial<PreferencesDto>, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE users SET preferences = preferences || $2::jsonb, updated_at = now() WHERE id = $1`, [id, JSON.stringify(changes)]);
  }

  async setAdminById(id: string, isAdmin: boolean, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE users SET is_admin = $2, updated_at = now() WHERE id = $1`, [id, isAdmin]);
  }

  /** Sets administrator status by email in any case; false when no user has it. */
  async setAdminByEmail(email: string, isAdmin: boolean, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await manager.query(`UPDATE users SET is_admin = $2, updated_at = now() WHERE lower(email) = lower($1)`, [email, isAdmin]);
    return (result as [unknown, number])[1] > 0;
  }

  /** Deletes the user; memberships and password reset tokens go with the row, generations and profiles keep a null user. */
  async deleteById(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(User, { id });
  }


  // --- Administrators' reads (admin console) ---

  async countAll(manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM users`);
    return count;
  }

  /** One page of users (search in email and username), and how many match. */
  async adminPage(query: PageQuery<UserSortColumn>): Promise<Page<AdminUserRow>> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) conditions.push(`(u.email ILIKE $${params.push(substringPattern(query.q))} ESCAPE '\\' OR u.username ILIKE $${params.length} ESCAPE '\\')`);
    if (query.ids) conditions.push(`u.id = ANY($${params.push(query.ids.filter(isUuid))}::uuid[])`);
    // A user is an organization's when a membership says so (any of theirs, not only the one listed).
    if (query.organizationId) conditions.push(`EXISTS (SELECT 1 FROM memberships om WHERE om.user_id = u.id AND om.organization_id = $${params.push(query.organizationId)})`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    return readPage(this.dataSource, `${ADMIN_USER_SELECT} ${where} ORDER BY u.${query.sort} ${query.order}, u.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`, `SELECT count(*)::int AS total FROM users u ${where}`, params);
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
