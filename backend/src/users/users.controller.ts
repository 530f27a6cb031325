import { AccountDto, AVATAR_FIELD, PreferencesDto, USER_MESSAGES } from '@brandloom/contracts';
import { AccountDeletionService, PasswordService, UsersService } from '@brandloom/core';
import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../auth/auth.controller';
import { CurrentUser } from '../common/current-user.decorator';
import { AuthenticatedGuard } from '../common/guards';
import { UploadedMemoryFile } from '../common/multipart';
import { profileImageInterceptor } from '../common/profile-image.interceptor';
import { coded } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { ChangePasswordDto, DeleteAccountDto, UpdatePreferencesDto, UpdateProfileDto } from './dto/account.dto';
import { IMAGE_TYPES, appSchema } from '../openapi/app-schemas';
import { ApiErrors, ApiFileUpload } from '../openapi/openapi-document';

const AvatarInterceptor = profileImageInterceptor(AVATAR_FIELD, coded('profile_image_required', USER_MESSAGES.avatarRequired), 'profile_image_too_large');

/** The signed-in user's own account. */
@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get('me')
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('Account') })
  me(@CurrentUser() user: SessionUser): Promise<AccountDto> {
    return this.users.account(user.id);
  }

  @Patch('me')
  @ApiErrors(409)
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('Account') })
  update(@CurrentUser() user: SessionUser, @Body() dto: UpdateProfileDto): Promise<AccountDto> {
    if (dto.username === undefined && dto.email === undefined && dto.bio === undefined) throw new BadRequestException(coded('nothing_to_update', USER_MESSAGES.nothingToUpdate));
    return this.users.updateProfile(user.id, dto);
  }

  @Post('me/avatar')
  @HttpCode(200)
  @UseGuards(AuthenticatedGuard)
  @ApiFileUpload(AVATAR_FIELD)
  @UseInterceptors(AvatarInterceptor)
  @ApiOkResponse({ schema: appSchema('Account') })
  avatar(@CurrentUser() user: SessionUser, @UploadedFile() file: UploadedMemoryFile | undefined): Promise<AccountDto> {
    if (!file) throw new BadRequestException(coded('profile_image_required', USER_MESSAGES.avatarRequired));
    return this.users.setAvatar(user.id, file.buffer);
  }

  /** Avatars are public at a stable, unguessable URL (the sidebar and team lists show them). */
  @Get('avatars/:file')
  @ApiProduces(...IMAGE_TYPES)
  async avatarFile(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const image = await this.users.avatarFile(file);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(image.contentType).send(image.buffer);
  }

  @Post('me/password')
  @HttpCode(200)
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('Message') })
  async changePassword(@CurrentUser() user: SessionUser, @Body() dto: ChangePasswordDto, @Req() req: Request): Promise<{ message: string }> {
    if (dto.newPassword !== dto.confirmPassword) throw new BadRequestException(coded('passwords_do_not_match', USER_MESSAGES.passwordsDoNotMatch));
    await this.passwords.change(user.id, dto.currentPassword, dto.newPassword, req.sessionID);
    return { message: USER_MESSAGES.passwordChanged };
  }

  @Delete('me')
  @ApiErrors(409)
  @HttpCode(204)
  @UseGuards(AuthenticatedGuard)
  async delete(@CurrentUser() user: SessionUser, @Body() dto: DeleteAccountDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.deletion.delete(user.id, dto);
    // The session row is already gone; drop the cookie so the browser forgets it too.
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Get('me/preferences')
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('Preferences') })
  preferences(@CurrentUser() user: SessionUser): Promise<PreferencesDto> {
    return this.users.preferences(user.id);
  }

  @Patch('me/preferences')
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('Preferences') })
  updatePreferences(@CurrentUser() user: SessionUser, @Body() dto: UpdatePreferencesDto): Promise<PreferencesDto> {
    const changes = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) throw new BadRequestException(coded('nothing_to_update', USER_MESSAGES.nothingToUpdatePreferences));
    return this.users.updatePreferences(user.id, changes);
  }
}
