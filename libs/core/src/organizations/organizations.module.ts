import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { OrganizationsService } from './organizations.service';

@Module({ imports: [CreditsModule], providers: [OrganizationsService], exports: [OrganizationsService] })
export class OrganizationsModule {}
