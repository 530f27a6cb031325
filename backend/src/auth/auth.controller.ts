import { AUTH_MESSAGES, AuthProvidersDto, ForgotPasswordResponse, USER_MESSAGES, UserDto } from '@brandloom/contracts';
import { AppConfig, AuthService, InvalidCredentialsError, PasswordService, toUserDto, TooManyRegistrationsError, User } from '@brandloom/core';
import { Body, Controller, Get, HttpCode, Inject, Logger, Next, Optional, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { CurrentUser } from '../common/current-user.decorator';
import { deviceTokenOf, rememberDevice } from './device-cookie';
import { AuthenticatedGuard } from '../common/guards';
import { sendError } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { ForgotPasswordDto, ResetPasswordDto } from '../users/dto/account.dto';
import { googleNotConfiguredPage } from './google-not-configured.page';
import { GoogleStrategy } from './google.strategy';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

const SESSION_COOKIE = 'brandloom.sid';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
    private readonly passwords: PasswordService,
    /** null when Google is not configured (see AuthHttpModule). */
    @Optional() @Inject(GoogleStrategy) private readonly googleStrategy: GoogleStrategy | null,
  ) {}

  @Post('register')
  @ApiCreatedResponse({ schema: appSchema('User') })
  @ApiErrors(409, 429)
  async register(@Body() dto: RegisterDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserDto> {
    const user = await this.auth.register({ ...dto, ip: req.ip ?? 'unknown' });
    await startSession(req, user);
    rememberDevice(req, res, this.auth.trustDevice(user.email));
    return toUserDto(user);
  }

  /** Always the same answer (202), whether the account exists or not; the mail goes out from a job. */
  @Post('forgot-password')
  @HttpCode(202)
  @ApiAcceptedResponse({ schema: appSchema('Message') })
  @ApiErrors(429)
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: Request): Promise<ForgotPasswordResponse> {
    await this.passwords.requestReset(dto.email, req.ip ?? 'unknown');
    return { message: USER_MESSAGES.forgotPasswordSent };
  }

  /** Sets the new password with a mailed token (once, within the hour), ends every session of the user and signs them in here. */
  @Post('reset-password')
  @HttpCode(200)
  @ApiOkResponse({ schema: appSchema('User') })
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserDto> {
    const user = await this.passwords.reset(dto.token, dto.password);
    await startSession(req, user);
    rememberDevice(req, res, this.auth.trustDevice(user.email));
    return toUserDto(user);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ schema: appSchema('User') })
  @ApiErrors(401, 429)
  async login(@Body() dto: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserDto> {
    const { user, deviceToken } = await this.auth.login(dto.email, dto.password, { ip: req.ip ?? 'unknown', deviceToken: deviceTokenOf(req) });
    await startSession(req, user);
    rememberDevice(req, res, deviceToken);
    return toUserDto(user);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Get('user')
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('User') })
  user(@CurrentUser() user: SessionUser): UserDto {
    const { organizationId: _organizationId, role: _role, ...dto } = user;
    return dto;
  }

  @Get('providers')
  @ApiOkResponse({ schema: appSchema('AuthProviders') })
  providers(): AuthProvidersDto {
    return { google: this.config.googleConfigured };
  }

  @Get('google')
  @ApiFoundResponse({ description: 'To Google’s sign-in page' })
  @ApiServiceUnavailableResponse({ description: 'Google sign-in is not configured: a page that says so', content: { 'text/html': { schema: { type: 'string' } } } })
  google(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    if (!this.googleStrategy) {
      res.status(503).type('html').send(googleNotConfiguredPage());
      return;
    }
    passport.authenticate(this.googleForThisRequest())(req, res, next);
  }

  @Get('google/callback')
  @ApiErrors(403, 429, 502, 503)
  @ApiFoundResponse({ description: 'Signed in: to /dashboard' })
  googleCallback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    if (!this.googleStrategy) return sendError(res, 503, 'google_not_configured', AUTH_MESSAGES.googleNotConfigured);
    passport.authenticate(this.googleForThisRequest(), (error: unknown, user: Express.User | false) => {
      // Our refusal (an existing account whose email Google has not verified): not a Google failure.
      if (error instanceof InvalidCredentialsError) return sendError(res, 403, error.code, error.message || AUTH_MESSAGES.invalidCredentials);
      if (error instanceof TooManyRegistrationsError) {
        res.setHeader('Retry-After', Math.ceil(error.retryAfterSeconds));
        return sendError(res, 429, error.code, error.message, error.params);
      }
      if (error) {
        this.logger.warn(`Google sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
        return sendError(res, 502, 'google_sign_in_failed', 'Google sign-in failed. Please try again.');
      }
      // No user: the state or PKCE check failed (forged, replayed or expired request).
      if (!user) return sendError(res, 403, 'google_sign_in_unverified', 'Google sign-in could not be verified. Please try again.');
      startSession(req, user).then(() => res.redirect('/dashboard'), next);
    })(req, res, next);
  }

  /**
   * This app's own strategy rather than passport's process-wide 'google' entry (the last app
   * created in the process wins there). passport decorates the object it is given with the
   * request's success/fail actions, so each request gets its own object inheriting the strategy.
   */
  private googleForThisRequest(): passport.Strategy {
    return Object.create(this.googleStrategy) as passport.Strategy;
  }
}

export { SESSION_COOKIE };

/** passport's logIn regenerates the session id, so a pre-login session id is never reused. */
function startSession(req: Request, user: Pick<User, 'id'>): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user as Express.User, (err) => (err ? reject(err) : resolve())));
}
