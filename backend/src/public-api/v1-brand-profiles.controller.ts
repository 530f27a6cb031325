import { type BrandExtractionResponse, type BrandProfileDto } from '@brandloom/contracts';
import { BrandExtractionService, BrandProfilesService, PaidCallLimits } from '@brandloom/core';
import { Body, Get, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { CreateBrandProfileDto, ExtractBrandDto, newBrandProfileOf } from '../brand-profiles/dto/brand-profile.dto';
import { ApiErrors } from '../openapi/openapi-document';
import { v1Schema } from '../openapi/v1-schemas';
import { CurrentApiKey, RequireScope, type ApiKeyPrincipal } from './api-key.guard';
import { PublicApiController } from './public-api.decorator';

/** Brand profiles through the public API: reading needs `brand:read`, creating and extracting `brand:write`. */
@PublicApiController('brand-profiles')
export class V1BrandProfilesController {
  constructor(private readonly profiles: BrandProfilesService, private readonly extraction: BrandExtractionService, private readonly paidCalls: PaidCallLimits) {}

  /** Newest first. */
  @Get()
  @RequireScope('brand:read')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: { type: 'array', items: v1Schema('V1BrandProfile') } })
  list(@CurrentApiKey() key: ApiKeyPrincipal): Promise<BrandProfileDto[]> {
    return this.profiles.list(key.organizationId);
  }

  @Get(':id')
  @RequireScope('brand:read')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: v1Schema('V1BrandProfile') })
  get(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<BrandProfileDto> {
    return this.profiles.get(key.organizationId, id);
  }

  /** 403 beyond the plan's profiles. */
  @Post()
  @RequireScope('brand:write')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1BrandProfile') })
  create(@CurrentApiKey() key: ApiKeyPrincipal, @Body() dto: CreateBrandProfileDto): Promise<BrandProfileDto> {
    return this.profiles.create(key.organizationId, null, newBrandProfileOf(dto));
  }

  /**
   * Extracts a brand from 1 to 5 images (https URLs; data URLs fit in the API's 100 kB bodies only
   * when small) and creates its profile. Counted against the brand extraction allowances, the key
   * as the user.
   */
  @Post('extract')
  @ApiErrors(504)
  @RequireScope('brand:write')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ schema: v1Schema('V1BrandExtraction') })
  async extract(@CurrentApiKey() key: ApiKeyPrincipal, @Body() dto: ExtractBrandDto): Promise<BrandExtractionResponse> {
    await this.paidCalls.take('brand-extraction', { userId: `api-key:${key.apiKeyId}`, organizationId: key.organizationId });
    return this.extraction.extract({ organizationId: key.organizationId, userId: null, imageUrls: dto.imageUrls, fileNames: dto.fileNames });
  }
}
