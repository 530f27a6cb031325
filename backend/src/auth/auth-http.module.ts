import { AppConfig, AuthService } from '@brandloom/core';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller';
import { GoogleStrategy } from './google.strategy';
import { SessionSerializer } from './session.serializer';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [
    SessionSerializer,
    {
      // The Google strategy registers itself with passport only when Google is configured.
      provide: GoogleStrategy,
      inject: [AppConfig, AuthService],
      useFactory: (config: AppConfig, auth: AuthService) => (config.googleConfigured ? new GoogleStrategy(config, auth) : null),
    },
  ],
})
export class AuthHttpModule {}
