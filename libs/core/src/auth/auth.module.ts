import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { SessionsRepository } from './sessions.repository';
import { PasswordHasher } from './password-hasher';

@Module({
  imports: [OrganizationsModule],
  providers: [AuthService, PasswordHasher, LoginThrottle, RegistrationThrottle, SessionsRepository],
  exports: [AuthService, PasswordHasher, SessionsRepository],
})
export class AuthModule {}
