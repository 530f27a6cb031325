import { Module } from '@nestjs/common';
import { AuditRecorder } from './audit.recorder';

@Module({ providers: [AuditRecorder] })
export class AuditModule {}
