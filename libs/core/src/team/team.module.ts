import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { GenerationModule } from '../generation/generation.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StorageModule } from '../storage/storage.module';
import { InvitationMail } from './invitation-mail';
import { InvitationMailAllowance } from './invitation-mail-allowance';
import { OrganizationRemoval } from './organization-removal';
import { OrganizationSettingsService } from './organization-settings.service';
import { TeamService } from './team.service';

/** The team: members and roles, invitations (mailed by a job), and removing a whole organization. */
@Module({
  imports: [AuthModule, OrganizationsModule, BillingModule, StorageModule, AssetsModule, BrandProfilesModule, GenerationModule],
  providers: [TeamService, OrganizationRemoval, InvitationMail, InvitationMailAllowance, OrganizationSettingsService],
  exports: [TeamService, OrganizationRemoval, OrganizationSettingsService],
})
export class TeamModule {}
