import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { InvitationsService } from './invitations.service';
import { OrganizationsService } from './organizations.service';

@Module({ imports: [CreditsModule], providers: [OrganizationsService, InvitationsService], exports: [OrganizationsService, InvitationsService] })
export class OrganizationsModule {}
