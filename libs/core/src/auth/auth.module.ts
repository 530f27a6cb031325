import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { UsersRepository } from '../users/users.repository';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { SessionsRepository } from './sessions.repository';
import { PasswordHasher } from './password-hasher';

/**
 * Accounts and sign-in. The users table's repository lives in users/ but is provided here: the
 * users module builds on this one (accounts before profiles), and both read and write that table.
 */
@Module({
  imports: [OrganizationsModule],
  providers: [AuthService, PasswordHasher, LoginThrottle, RegistrationThrottle, UsersRepository, SessionsRepository],
  exports: [AuthService, PasswordHasher, UsersRepository, SessionsRepository],
})
export class AuthModule {}
