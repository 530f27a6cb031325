import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, TEAM_MESSAGES } from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Length } from 'class-validator';
import { PASSWORD_MAX_LENGTH, passwordMessage, trim, usernameMessage } from './auth-fields';

export class RegisterDto {
  /** isEmail also caps the length (254 characters), so a missing email gives one message only. */
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: passwordMessage })
  password: string;

  @ApiPropertyOptional({ minLength: 2, maxLength: 100 }) @IsOptional() @Transform(trim) @Length(2, 100, { message: usernameMessage })
  username?: string;

  /** From an invitation link: the account joins that organization (no organization of its own, no welcome bonus). */
  @ApiPropertyOptional() @IsOptional() @IsString({ message: TEAM_MESSAGES.invitationInvalid }) @Length(1, 200, { message: TEAM_MESSAGES.invitationInvalid })
  invitationToken?: string;
}
