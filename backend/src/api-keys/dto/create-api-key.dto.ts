import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH, API_KEY_SCOPES, type ApiKeyScope } from '@brandloom/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Rule } from '../../common/rule';

/** POST /api/api-keys */
export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH, example: 'Product feed sync' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @Rule((value) => {
    if (typeof value !== 'string' || value === '') return API_KEY_MESSAGES.nameRequired;
    return [...value].length > API_KEY_NAME_MAX_LENGTH ? { code: 'too_long', message: API_KEY_MESSAGES.nameTooLong, params: { max: API_KEY_NAME_MAX_LENGTH } } : null;
  })
  name: string;

  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...API_KEY_SCOPES] }, minItems: 1, uniqueItems: true })
  @Rule((value) => {
    if (!Array.isArray(value) || value.length === 0) return API_KEY_MESSAGES.scopesRequired;
    return value.every((scope) => (API_KEY_SCOPES as readonly unknown[]).includes(scope)) ? null : API_KEY_MESSAGES.scopeUnknown;
  })
  scopes: ApiKeyScope[];
}
