import { Module } from '@nestjs/common';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { MaintenanceJobs } from './jobs/maintenance.jobs';

@Module({ imports: [BrandProfilesModule], providers: [MaintenanceJobs] })
export class MaintenanceModule {}
