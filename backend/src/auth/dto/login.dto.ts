import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@brandloom/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, Length } from 'class-validator';
import { PASSWORD_MAX_LENGTH, passwordMessage, trim } from './auth-fields';

export class LoginDto {
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email: string;

  @ApiProperty() @Length(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, { message: passwordMessage })
  password: string;
}
