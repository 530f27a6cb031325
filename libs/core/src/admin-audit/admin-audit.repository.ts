import { isUuid } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { readPage } from '../infra/database/page-query';
import { substringPattern } from '../infra/database/substring-pattern';
import type { AdminAuditEntry } from './entities/admin-audit-entry.entity';

export interface NewAdminAuditEntry {
  adminId: string;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AdminAuditPageQuery {
  /** Part of the administrator's email. */
  q?: string;
  /** Part of the action's name. */
  action?: string;
  ids?: string[];
  sort: 'id' | 'created_at' | 'action';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

@Injectable()
export class AdminAuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(entry: NewAdminAuditEntry, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO admin_audit (admin_id, admin_email, action, target_type, target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.adminId, entry.adminEmail, entry.action, entry.targetType, entry.targetId, entry.before ? JSON.stringify(entry.before) : null, entry.after ? JSON.stringify(entry.after) : null],
    );
  }

  /** One page of the trail, and how many entries match. */
  async findPage(query: AdminAuditPageQuery): Promise<{ rows: AdminAuditEntry[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) conditions.push(`a.admin_email ILIKE $${params.push(substringPattern(query.q))} ESCAPE '\\'`);
    if (query.action) conditions.push(`a.action ILIKE $${params.push(substringPattern(query.action))} ESCAPE '\\'`);
    if (query.ids) conditions.push(`a.id = ANY($${params.push(query.ids.filter(isUuid))}::uuid[])`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    return readPage(this.dataSource, `SELECT a.* FROM admin_audit a ${where} ORDER BY a.${query.sort} ${query.order}, a.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`, `SELECT count(*)::int AS total FROM admin_audit a ${where}`, params);
  }
}
