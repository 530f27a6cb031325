import { AppConfig, AuthService } from '@brandloom/core';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy } from 'passport-google-oauth20';

/** Google OAuth 2.0 with state and PKCE; its endpoints come from config (tests use a local fake). */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(config: AppConfig, private readonly auth: AuthService) {
    super({
      clientID: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      callbackURL: `${config.appUrl}/api/auth/google/callback`,
      authorizationURL: config.GOOGLE_AUTH_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      state: true,
      pkce: true,
      passReqToCallback: true,
    });
    // Send the access token to the userinfo endpoint as `Authorization: Bearer`, not in the query
    // string, where proxies and logs would keep it (RFC 6750 §2.3).
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  async validate(req: Request, _accessToken: string, _refreshToken: string, profile: Profile) {
    const json = profile._json as { email?: string; email_verified?: boolean | string; picture?: string };
    const email = json.email ?? profile.emails?.[0]?.value;
    if (!email) throw new Error('Google did not share an email address');
    const user = await this.auth.loginWithGoogle({
      googleId: profile.id,
      email,
      emailVerified: json.email_verified === true || json.email_verified === 'true',
      name: profile.displayName,
      avatarUrl: json.picture ?? profile.photos?.[0]?.value,
    }, req.ip ?? 'unknown');
    return { id: user.id };
  }
}
