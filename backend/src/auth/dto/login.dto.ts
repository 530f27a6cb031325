import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@brandloom/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

export class LoginDto {
  @ApiProperty() @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail }) @MaxLength(320)
  email: string;

  @ApiProperty()
  @IsString({ message: AUTH_MESSAGES.passwordTooShort }) @MinLength(PASSWORD_MIN_LENGTH, { message: AUTH_MESSAGES.passwordTooShort }) @MaxLength(200)
  password: string;
}
