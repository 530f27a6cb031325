import { isUuid, ASSET_NAME_MAX_LENGTH, assetNameProblem, LIBRARY_MESSAGES } from '@brandloom/contracts';

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateIf } from 'class-validator';
import { Rule } from '../../common/rule';


/** PATCH /api/assets/{id}: rename and/or move; at least one of the two. */
export class UpdateAssetDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: ASSET_NAME_MAX_LENGTH, description: 'Trimmed' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Rule(assetNameProblem)
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: "A folder of the caller's organization, or null: out of its folder (All Assets)" })
  @ValidateIf((dto: UpdateAssetDto) => dto.folderId !== undefined && dto.folderId !== null)
  @Rule((value) => (isUuid(value) ? null : LIBRARY_MESSAGES.invalidFolderId))
  folderId?: string | null;
}
