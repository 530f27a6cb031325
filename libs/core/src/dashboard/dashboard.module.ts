import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BillingModule } from '../billing/billing.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { CreditsModule } from '../credits/credits.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { DashboardService } from './dashboard.service';

/** The signed-in home: a read model composed from assets, brand profiles, credits, billing and the organization. */
@Module({
  imports: [OrganizationsModule, AssetsModule, BrandProfilesModule, CreditsModule, BillingModule],
  providers: [DashboardService],
  exports: [DashboardService],
})
export class DashboardModule {}
