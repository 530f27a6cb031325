import { Module } from '@nestjs/common';
import { AdminAuditRepository } from './admin-audit.repository';
import { AdminAudit } from './admin-audit.service';

@Module({ providers: [AdminAuditRepository, AdminAudit], exports: [AdminAuditRepository, AdminAudit] })
export class AdminAuditModule {}
