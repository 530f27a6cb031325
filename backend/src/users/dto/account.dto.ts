import {
  AUTH_MESSAGES,
  BIO_MAX_LENGTH,
  DELETE_ACCOUNT_CONFIRMATION,
  LANGUAGES,
  type Language,
  PASSWORD_MIN_LENGTH,
  USER_MESSAGES,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsBoolean, IsEmail, IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { PASSWORD_MAX_LENGTH, passwordMessage, trim } from '../../auth/dto/auth-fields';

export class UpdateProfileDto {
  @ApiPropertyOptional({ minLength: USERNAME_MIN_LENGTH, maxLength: USERNAME_MAX_LENGTH })
  // Absent means unchanged; null is refused (these columns cannot be empty).
  @ValidateIf((_, value) => value !== undefined) @Transform(trim) @Length(USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH, { message: USER_MESSAGES.usernameLength })
  username?: string;

  @ApiPropertyOptional() @ValidateIf((_, value) => value !== undefined) @Transform(trim) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email?: string;

  @ApiPropertyOptional({ maxLength: BIO_MAX_LENGTH })
  // class-validator runs a property's validators bottom-up: the type check first.
  @IsOptional() @Transform(trim) @MaxLength(BIO_MAX_LENGTH, { message: USER_MESSAGES.bioTooLong }) @IsString({ message: 'bio must be text' })
  bio?: string;

  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'currentPassword must be text' }) @MaxLength(PASSWORD_MAX_LENGTH, { message: USER_MESSAGES.currentPasswordWrong })
  currentPassword?: string;
}

export class ChangePasswordDto {
  @ApiProperty() @IsString({ message: 'Enter your current password' }) @Length(1, PASSWORD_MAX_LENGTH, { message: 'Enter your current password' })
  currentPassword: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: passwordMessage })
  newPassword: string;

  @ApiProperty() @IsString({ message: USER_MESSAGES.passwordsDoNotMatch })
  confirmPassword: string;
}

export class DeleteAccountDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: USER_MESSAGES.deletePasswordRequired }) @MaxLength(PASSWORD_MAX_LENGTH, { message: USER_MESSAGES.currentPasswordWrong })
  password?: string;

  @ApiProperty({ enum: [DELETE_ACCOUNT_CONFIRMATION] }) @Equals(DELETE_ACCOUNT_CONFIRMATION, { message: USER_MESSAGES.deleteConfirm })
  confirm: typeof DELETE_ACCOUNT_CONFIRMATION;
}

export class UpdatePreferencesDto {
  @ApiPropertyOptional() @ValidateIf((_, value) => value !== undefined) @IsBoolean({ message: USER_MESSAGES.invalidFlag('dark_mode') })
  dark_mode?: boolean;

  @ApiPropertyOptional() @ValidateIf((_, value) => value !== undefined) @IsBoolean({ message: USER_MESSAGES.invalidFlag('email_notifications') })
  email_notifications?: boolean;

  @ApiPropertyOptional() @ValidateIf((_, value) => value !== undefined) @IsBoolean({ message: USER_MESSAGES.invalidFlag('browser_notifications') })
  browser_notifications?: boolean;

  @ApiPropertyOptional({ enum: LANGUAGES }) @ValidateIf((_, value) => value !== undefined) @IsIn(LANGUAGES, { message: USER_MESSAGES.invalidLanguage })
  language?: Language;
}

export class ForgotPasswordDto {
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email: string;
}

export class ResetPasswordDto {
  @ApiProperty() @Length(1, 200, { message: USER_MESSAGES.resetTokenInvalid }) @IsString({ message: USER_MESSAGES.resetTokenRequired })
  token: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: passwordMessage })
  password: string;
}
