import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CreditsModule } from '../credits/credits.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { DemoSeeder } from './demo-seeder';

@Module({ imports: [AuthModule, CreditsModule, OrganizationsModule], providers: [DemoSeeder], exports: [DemoSeeder] })
export class DemoModule {}
