import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../admin-audit/admin-audit.module';
import { AuthModule } from '../auth/auth.module';
import { CreditsModule } from '../credits/credits.module';
import { GenerationModule } from '../generation/generation.module';
import { AdNetworkModule } from '../ad-network/ad-network.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { UsersModule } from '../users/users.module';
import { AdminService } from './admin.service';

/** The administrators' cross-organization views and actions. */
@Module({ imports: [AdminAuditModule, AuthModule, CreditsModule, GenerationModule, AdNetworkModule, OrganizationsModule, UsersModule], providers: [AdminService], exports: [AdminService] })
export class AdminModule {}
