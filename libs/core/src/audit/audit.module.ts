import { Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { AuditRecorder } from './audit.recorder';

@Module({ providers: [AuditLogRepository, AuditRecorder], exports: [AuditLogRepository] })
export class AuditModule {}
