import { FOLDER_NAME_MAX_LENGTH, folderNameProblem } from '@brandloom/contracts';

import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Rule } from '../../common/rule';

/** POST /api/folders and PATCH /api/folders/{id}. */
export class FolderNameDto {
  @ApiProperty({ minLength: 1, maxLength: FOLDER_NAME_MAX_LENGTH, description: 'Trimmed; unique per organization, ignoring case' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Rule(folderNameProblem)
  name: string;
}
