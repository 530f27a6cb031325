import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';
import { MembershipsRepository } from './memberships.repository';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';

@Module({
  imports: [CreditsModule],
  providers: [OrganizationsService, InvitationsService, OrganizationsRepository, MembershipsRepository, InvitationsRepository],
  exports: [OrganizationsService, InvitationsService, OrganizationsRepository, MembershipsRepository, InvitationsRepository],
})
export class OrganizationsModule {}
