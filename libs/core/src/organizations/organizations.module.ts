import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { InvitationsService } from './invitations.service';
import { OrganizationsRepository } from './organizations.repository';
import { OrganizationsService } from './organizations.service';

@Module({ imports: [CreditsModule], providers: [OrganizationsRepository, OrganizationsService, InvitationsService], exports: [OrganizationsRepository, OrganizationsService, InvitationsService] })
export class OrganizationsModule {}
