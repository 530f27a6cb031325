import { Module } from '@nestjs/common';
import { AdminAudit } from './admin-audit.service';

@Module({ providers: [AdminAudit], exports: [AdminAudit] })
export class AdminAuditModule {}
