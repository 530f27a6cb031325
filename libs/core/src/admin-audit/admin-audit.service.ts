import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface AdminActor {
  id: string;
  email: string;
}

export interface AdminAuditRecord {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes the admin audit trail, always in the transaction of the action it records. */
@Injectable()
export class AdminAudit {
  async record(m: EntityManager, actor: AdminActor, entry: AdminAuditRecord): Promise<void> {
    await m.query(
      `INSERT INTO admin_audit (admin_id, admin_email, action, target_type, target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [actor.id, actor.email, entry.action, entry.targetType, entry.targetId, entry.before ? JSON.stringify(entry.before) : null, entry.after ? JSON.stringify(entry.after) : null],
    );
  }
}
