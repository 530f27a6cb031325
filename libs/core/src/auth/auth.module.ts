import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';

@Module({
  imports: [OrganizationsModule],
  providers: [AuthService, PasswordHasher, LoginThrottle],
  exports: [AuthService, PasswordHasher],
})
export class AuthModule {}
