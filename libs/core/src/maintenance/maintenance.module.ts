import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { MaintenanceJobs } from './jobs/maintenance.jobs';

@Module({ imports: [AuthModule, BrandProfilesModule], providers: [MaintenanceJobs] })
export class MaintenanceModule {}
