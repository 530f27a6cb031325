import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto {
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail }) @MaxLength(320)
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString({ message: AUTH_MESSAGES.passwordTooShort }) @MinLength(PASSWORD_MIN_LENGTH, { message: AUTH_MESSAGES.passwordTooShort }) @MaxLength(200)
  password: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MinLength(2, { message: 'Username must be at least 2 characters' }) @MaxLength(100, { message: 'Username must be at most 100 characters' })
  username?: string;
}
