import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { TeamService } from './team.service';

@Module({ imports: [AuthModule, OrganizationsModule], providers: [TeamService], exports: [TeamService] })
export class TeamModule {}
