import { FORMAT_MESSAGES, isAdFormatId, isPushLink, isUuid, META_CREATIVE_NAME_MAX_LENGTH, META_LINK_MAX_LENGTH, META_MESSAGES, type AdFormatId } from '@brandloom/contracts';
import { creativeNameProblem } from '@brandloom/core';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateIf } from 'class-validator';
import { Rule } from '../../../common/rule';

export const ID_MAX_LENGTH = 64;
/** Graph ids: digits, with act_ for ad accounts. */
export const graphId = (message: string) => (value: unknown) =>
  typeof value !== 'string' || value.trim() === '' ? message : value.length > ID_MAX_LENGTH || !/^(act_)?[0-9]+$/.test(value) ? `${message} (invalid id)` : null;

/**
 * Where a push goes in Meta, and the creative's name: the fields POST /api/meta/push-asset and
 * POST /api/meta/push-ads share. The ids are required; the creative name is optional here.
 */
export class MetaPushTargetDto {
  @ApiProperty({ example: 'act_1234567890', maxLength: ID_MAX_LENGTH })
  @Rule(graphId(META_MESSAGES.selectAdAccount))
  adAccountId: string;

  @ApiProperty({ example: '120210000000000001', maxLength: ID_MAX_LENGTH })
  @Rule(graphId(META_MESSAGES.selectAdSet))
  adSetId: string;

  @ApiProperty({ example: '1020304050', maxLength: ID_MAX_LENGTH })
  @Rule(graphId(META_MESSAGES.selectPage))
  pageId: string;

  @ApiProperty({ example: '120210000000000000', maxLength: ID_MAX_LENGTH })
  @Rule(graphId(META_MESSAGES.selectCampaign))
  campaignId: string;

  @ApiPropertyOptional({ example: 'Summer sale - Meta Ad', maxLength: META_CREATIVE_NAME_MAX_LENGTH })
  @IsOptional()
  @Rule(creativeNameProblem)
  creativeName?: string;
}

/**
 * Makes optional fields of the base class required in the decorated class, in validation
 * (ValidateIf replaces the base's IsOptional) and in the OpenAPI document.
 */
const Requires =
  (...properties: string[]): ClassDecorator =>
  (target) => {
    for (const property of properties) {
      ApiProperty({ required: true })(target.prototype as object, property);
      ValidateIf(() => true)(target.prototype as object, property);
    }
  };

/** POST /api/meta/push-asset: every field required but format and link (a single push names its creative). */
@Requires('creativeName')
export class PushAssetDto extends MetaPushTargetDto {
  @ApiProperty({ format: 'uuid' })
  @Rule((value) => (isUuid(value) ? null : 'assetId must be an asset id'))
  assetId: string;

  declare creativeName: string;

  /** Push the asset's image in this ad format (made beforehand through POST /api/assets/{id}/formats). */
  @ApiPropertyOptional({ enum: ['1:1', '4:5', '9:16', '1.91:1'] })
  @IsOptional()
  @Rule((value) => (isAdFormatId(value) ? null : FORMAT_MESSAGES.formatsRequired))
  format?: AdFormatId;

  /** Where the ad (and its button) leads; the organization's website when absent. */
  @ApiPropertyOptional({ format: 'uri', maxLength: META_LINK_MAX_LENGTH, example: 'https://www.example.com/summer' })
  @IsOptional()
  @Rule((value) => (isPushLink(value) ? null : META_MESSAGES.linkInvalid))
  link?: string;

  /** An ad with translations: one creative carrying every language (Meta shows each viewer theirs) instead of the asset's own language only. */
  @ApiPropertyOptional({ type: Boolean, default: false })
  @IsOptional()
  @Rule((value) => (typeof value === 'boolean' ? null : 'multiLanguage must be true or false'))
  multiLanguage?: boolean;
}

export class CampaignsQueryDto {
  @ApiProperty({ example: 'act_1234567890' })
  @Rule(graphId(META_MESSAGES.selectAdAccount))
  adAccountId: string;
}

export class DataDeletionDto {
  @ApiProperty({ description: "Meta's signed_request (signature.payload, base64url)" })
  @Rule((value) => (typeof value === 'string' && value.length > 0 && value.length <= 8192 ? null : META_MESSAGES.invalidSignedRequest))
  signed_request: string;
}
