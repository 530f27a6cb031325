import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { AuthModule } from '../auth/auth.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { MaintenanceJobs } from './jobs/maintenance.jobs';

@Module({ imports: [AuthModule, BrandProfilesModule, ApiKeysModule], providers: [MaintenanceJobs] })
export class MaintenanceModule {}
