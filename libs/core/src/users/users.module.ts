import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StorageModule } from '../storage/storage.module';
import { TeamModule } from '../team/team.module';
import { AccountDeletionService } from './account-deletion.service';
import { PasswordResetMail } from './password-reset-mail';
import { PasswordService } from './password.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** The signed-in user's account: profile, avatar, preferences, password change and reset, deletion. */
@Module({
  imports: [AuthModule, OrganizationsModule, StorageModule, TeamModule],
  providers: [UsersRepository, UsersService, PasswordService, PasswordResetMail, AccountDeletionService],
  exports: [UsersRepository, UsersService, PasswordService, AccountDeletionService],
})
export class UsersModule {}
