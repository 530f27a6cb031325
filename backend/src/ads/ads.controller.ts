import { layoutCatalogue, type AdDto, type AdLayoutsResponseDto, type CreateAdsResponseDto, type SuggestAdCopyResponse, type TranslateAdCopyResponse } from '@brandloom/contracts';
import { AdCopyService, AdProgress, AdTranslateService, AdsService, toAdDto } from '@brandloom/core';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { PaidCall } from '../common/paid-call.guard';
import type { SessionUser } from '../common/session-user';
import { EventStreams } from '../generation/sse-response';
import { ChangeAdDto, CreateAdsDto, ListAdsQueryDto, SuggestAdCopyDto, TranslateAdCopyDto } from './dto/ads.dto';
import { v1Schema } from '../openapi/v1-schemas';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

/** Finished ads: copy, layout and logo on a picture per placement, each rendered by a job to a library asset. */
@ApiTags('ads')
@Controller('ads')
@UseGuards(OrganizationGuard)
export class AdsController {
  constructor(
    private readonly ads: AdsService,
    private readonly copy: AdCopyService,
    private readonly translator: AdTranslateService,
    private readonly progress: AdProgress,
    private readonly streams: EventStreams,
  ) {}

  /** Every layout in every placement, with its boxes and the placement's safe zones, in the placement's pixels. */
  @Get('layouts')
  @ApiOkResponse({ schema: v1Schema('V1AdLayouts') })
  layouts(): AdLayoutsResponseDto {
    return { layouts: layoutCatalogue() };
  }

  /** One ad per placement, queued to render (free); copy that does not fit is refused before anything is stored. */
  @Post()
  @ApiErrors(422)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ schema: v1Schema('V1AdsCreated') })
  async create(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: CreateAdsDto): Promise<CreateAdsResponseDto> {
    const ads = await this.ads.create({ organizationId, userId: user.id, ...dto });
    return { ads: ads.map((ad) => ({ id: ad.id, placement: ad.placement, status: ad.status })) };
  }

  /** Three headline, body and call-to-action proposals by OpenAI in the brand's voice (free; 503 without OpenAI). */
  @Post('suggest-copy')
  @ApiErrors(502, 503)
  @HttpCode(HttpStatus.OK)
  @PaidCall('ad-copy')
  @ApiOkResponse({ schema: appSchema('AdCopyProposals') })
  suggestCopy(@CurrentOrganizationId() organizationId: string, @Body() dto: SuggestAdCopyDto): Promise<SuggestAdCopyResponse> {
    return this.copy.suggest({ organizationId, assetId: dto.assetId, brandProfileId: dto.brandProfileId, placement: dto.placement });
  }

  /** The copy in each language asked for, keeping the brand's glossary, each laid out on the picture: `fits` false names the field (free; 503 without OpenAI). */
  @Post('translate')
  @ApiErrors(502, 503)
  @HttpCode(HttpStatus.OK)
  @PaidCall('ad-copy')
  @ApiOkResponse({ schema: appSchema('AdCopyTranslations') })
  translate(@CurrentOrganizationId() organizationId: string, @Body() dto: TranslateAdCopyDto): Promise<TranslateAdCopyResponse> {
    return this.translator.translate({ organizationId, ...dto });
  }

  @Get()
  @ApiOkResponse({ schema: v1Schema('V1AdList') })
  async list(@CurrentOrganizationId() organizationId: string, @Query() query: ListAdsQueryDto): Promise<{ ads: AdDto[] }> {
    return { ads: (await this.ads.list(organizationId, query.assetId ?? null)).map(toAdDto) };
  }

  @Get(':id')
  @ApiOkResponse({ schema: v1Schema('V1Ad') })
  async get(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<AdDto> {
    return toAdDto(await this.ads.get(organizationId, id));
  }

  /** Server-sent events `progress`, `completed` (the ad, with its asset) or `error`, then `close`; 404 unless the organization's ad. */
  @Get(':id/progress')
  @ApiProduces('text/event-stream')
  async watch(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.streams.send(req, res, await this.progress.watch(organizationId, id));
  }

  /** New copy: the same ad renders its next version to a new asset; the previous asset stays in the library. */
  @Patch(':id')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ schema: v1Schema('V1Ad') })
  async change(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Body() dto: ChangeAdDto): Promise<AdDto> {
    return toAdDto(await this.ads.change(organizationId, id, dto));
  }

  /** The ad goes; the assets it was rendered to stay in the library. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<void> {
    await this.ads.delete(organizationId, id);
  }
}
