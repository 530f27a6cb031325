import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StorageModule } from '../storage/storage.module';
import { TeamModule } from '../team/team.module';
import { AccountDeletionService } from './account-deletion.service';
import { PasswordResetMail } from './password-reset-mail';
import { PasswordResetsRepository } from './password-resets.repository';
import { PasswordService } from './password.service';
import { UsersService } from './users.service';

/** The signed-in user's account: profile, avatar, preferences, password change and reset, deletion. */
@Module({
  imports: [AuthModule, OrganizationsModule, StorageModule, TeamModule],
  providers: [UsersService, PasswordService, PasswordResetMail, AccountDeletionService, PasswordResetsRepository],
  exports: [UsersService, PasswordService, AccountDeletionService, PasswordResetsRepository],
})
export class UsersModule {}
