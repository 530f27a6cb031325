export { AdminAudit, type AdminActor, type AdminAuditRecord } from './admin-audit.service';
export { AdminAuditModule } from './admin-audit.module';
export { AdminAuditEntry } from './entities/admin-audit-entry.entity';
export { AdminAuditRepository, type AdminAuditPageQuery, type NewAdminAuditEntry } from './admin-audit.repository';
