import {
  AUTH_MESSAGES,
  MEMBERSHIP_ROLES,
  type MembershipRole,
  ORGANIZATION_DESCRIPTION_MAX_LENGTH,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  ORGANIZATION_WEBSITE_MAX_LENGTH,
  TEAM_MESSAGES,
} from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUrl, Length, MaxLength, ValidateIf } from 'class-validator';
import { trim } from '../../auth/dto/auth-fields';

export class InviteDto {
  @ApiProperty() @Transform(trim) @IsEmail({}, { message: AUTH_MESSAGES.invalidEmail })
  email: string;

  @ApiProperty({ enum: MEMBERSHIP_ROLES }) @IsIn(MEMBERSHIP_ROLES, { message: TEAM_MESSAGES.invalidRole })
  role: MembershipRole;
}

export class UpdateMemberDto {
  @ApiProperty({ enum: MEMBERSHIP_ROLES }) @IsIn(MEMBERSHIP_ROLES, { message: TEAM_MESSAGES.invalidRole })
  role: MembershipRole;
}

export class UpdateOrganizationDto {
  @ApiPropertyOptional({ minLength: ORGANIZATION_NAME_MIN_LENGTH, maxLength: ORGANIZATION_NAME_MAX_LENGTH })
  @ValidateIf((_, value) => value !== undefined) @Transform(trim) @Length(ORGANIZATION_NAME_MIN_LENGTH, ORGANIZATION_NAME_MAX_LENGTH, { message: ORGANIZATION_MESSAGES.nameLength })
  name?: string;

  /** '' clears it. */
  @ApiPropertyOptional({ maxLength: ORGANIZATION_WEBSITE_MAX_LENGTH })
  @IsOptional() @Transform(trim) @IsString({ message: ORGANIZATION_MESSAGES.invalidWebsite })
  @MaxLength(ORGANIZATION_WEBSITE_MAX_LENGTH, { message: ORGANIZATION_MESSAGES.websiteTooLong })
  @ValidateIf((_, value) => value !== '')
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: true }, { message: ORGANIZATION_MESSAGES.invalidWebsite })
  website?: string;

  /** '' clears it. */
  @ApiPropertyOptional({ maxLength: ORGANIZATION_DESCRIPTION_MAX_LENGTH })
  @IsOptional() @Transform(trim) @MaxLength(ORGANIZATION_DESCRIPTION_MAX_LENGTH, { message: ORGANIZATION_MESSAGES.descriptionTooLong })
  @IsString({ message: 'description must be text' })
  description?: string;
}
