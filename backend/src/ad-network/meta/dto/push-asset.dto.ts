import { FORMAT_MESSAGES, isAdFormatId, isPushLink, isUuid, META_CREATIVE_NAME_MAX_LENGTH, META_LINK_MAX_LENGTH, META_MESSAGES, type AdFormatId } from '@brandloom/contracts';
import { creativeNameProblem } from '@brandloom/core';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Rule } from '../../../common/rule';

export const ID_MAX_LENGTH = 64;
/** Graph ids: digits, with act_ for ad accounts. */
export const graphId = (message: string) => (value: unknown) =>
  typeof value !== 'string' || value.trim() === '' ? message : value.length > ID_MAX_LENGTH || !/^(act_)?[0-9]+$/.test(value) ? `${message} (invalid id)` : null;

/** POST /api/meta/push-asset: every field required. */
export class PushAssetDto {
  @ApiProperty({ format: 'uuid' })
  @Rule((value) => (isUuid(value) ? null : 'assetId must be an asset id'))
  assetId: string;

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

  @ApiProperty({ example: 'Summer sale - Meta Ad', maxLength: META_CREATIVE_NAME_MAX_LENGTH })
  @Rule(creativeNameProblem)
  creativeName: string;

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
