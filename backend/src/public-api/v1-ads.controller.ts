import { layoutCatalogue, type AdDto, type AdLayoutsResponseDto, type CreateAdsResponseDto } from '@brandloom/contracts';
import { AdsService, toAdDto } from '@brandloom/core';
import { Body, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { ChangeAdDto, CreateAdsDto, ListAdsQueryDto } from '../ads/dto/ads.dto';
import { CurrentApiKey, RequireScope, type ApiKeyPrincipal } from './api-key.guard';
import { v1Schema } from '../openapi/v1-schemas';
import { PublicApiController } from './public-api.decorator';

/** Finished ads through the public API: every route needs `ads:write` (composing is free). */
@PublicApiController('ads')
export class V1AdsController {
  constructor(private readonly ads: AdsService) {}

  @Get('layouts')
  @RequireScope('ads:write')
  @ApiOkResponse({ schema: v1Schema('V1AdLayouts') })
  layouts(): AdLayoutsResponseDto {
    return { layouts: layoutCatalogue() };
  }

  @Post()
  @RequireScope('ads:write')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ schema: v1Schema('V1AdsCreated') })
  async create(@CurrentApiKey() key: ApiKeyPrincipal, @Body() dto: CreateAdsDto): Promise<CreateAdsResponseDto> {
    const ads = await this.ads.create({ organizationId: key.organizationId, userId: null, ...dto });
    return { ads: ads.map((ad) => ({ id: ad.id, placement: ad.placement, status: ad.status })) };
  }

  @Get()
  @RequireScope('ads:write')
  @ApiOkResponse({ schema: v1Schema('V1AdList') })
  async list(@CurrentApiKey() key: ApiKeyPrincipal, @Query() query: ListAdsQueryDto): Promise<{ ads: AdDto[] }> {
    return { ads: (await this.ads.list(key.organizationId, query.assetId ?? null)).map(toAdDto) };
  }

  @Get(':id')
  @RequireScope('ads:write')
  @ApiOkResponse({ schema: v1Schema('V1Ad') })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<AdDto> {
    return toAdDto(await this.ads.get(key.organizationId, id));
  }

  /** Re-renders the ad with new copy as its next version. */
  @Patch(':id')
  @RequireScope('ads:write')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ schema: v1Schema('V1Ad') })
  async change(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Body() dto: ChangeAdDto): Promise<AdDto> {
    return toAdDto(await this.ads.change(key.organizationId, id, dto));
  }

  @Delete(':id')
  @RequireScope('ads:write')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<void> {
    await this.ads.delete(key.organizationId, id);
  }
}
