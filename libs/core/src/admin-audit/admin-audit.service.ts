import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AdminAuditRepository } from './admin-audit.repository';

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
  constructor(private readonly entries: AdminAuditRepository) {}

  async record(m: EntityManager, actor: AdminActor, entry: AdminAuditRecord): Promise<void> {
    await this.entries.insert(
      { adminId: actor.id, adminEmail: actor.email, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, before: entry.before ?? null, after: entry.after ?? null },
      m,
    );
  }
}
