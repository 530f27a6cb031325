import { AD_RESULT_DEFAULT_RANGE, type AdResultDailyResponse, type AdResultsRefreshResponse, type AdResultsResponse, type MoreLikeThisDto } from '@brandloom/contracts';
import { AdResultsService, AssetLibraryService } from '@brandloom/core';
import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { PaidCall } from '../common/paid-call.guard';
import { AdResultsQueryDto } from './dto/ad-results-query.dto';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

/** How pushed creatives deliver (figures per asset over 7, 14 or 28 days), and 'Make more like this'. */
@ApiTags('ad-results')
@Controller('ad-results')
@UseGuards(OrganizationGuard)
export class AdResultsController {
  constructor(
    private readonly results: AdResultsService,
    private readonly library: AssetLibraryService,
  ) {}

  /** Per asset: spend (in the ad account's currency), impressions, clicks and CTR (a fraction), best CTR first. */
  @Get()
  @ApiOkResponse({ schema: appSchema('AdResults') })
  figures(@CurrentOrganizationId() organizationId: string, @Query() query: AdResultsQueryDto): Promise<AdResultsResponse> {
    return this.results.figures(organizationId, query.range ?? AD_RESULT_DEFAULT_RANGE);
  }

  /** 'Refresh results': reads the pushed ads' results from the networks now (limited like every paid call). */
  @Post('refresh')
  @ApiErrors(502, 503)
  @HttpCode(200)
  @PaidCall('meta')
  @ApiOkResponse({ schema: appSchema('AdResultsRefreshed') })
  refresh(@CurrentOrganizationId() organizationId: string): Promise<AdResultsRefreshResponse> {
    return this.results.refresh(organizationId);
  }

  /** The chart per creative: the asset's spend, clicks, impressions, CTR and results for every day of the range (404 unless the organization's). */
  @Get(':assetId/daily')
  @ApiOkResponse({ schema: appSchema('AdResultsDaily') })
  async daily(@CurrentOrganizationId() organizationId: string, @Param('assetId') assetId: string, @Query() query: AdResultsQueryDto): Promise<AdResultDailyResponse> {
    const asset = await this.library.get(organizationId, assetId);
    return this.results.daily(organizationId, asset.id, query.range ?? AD_RESULT_DEFAULT_RANGE);
  }

  /** What the Studio starts from for 'Make more like this': the asset's prompt, brand profile and file as a reference. */
  @Get(':assetId/more-like-this')
  @ApiOkResponse({ schema: appSchema('MoreLikeThis') })
  async moreLikeThis(@CurrentOrganizationId() organizationId: string, @Param('assetId') assetId: string): Promise<MoreLikeThisDto> {
    const asset = await this.library.get(organizationId, assetId);
    return { assetId: asset.id, s3Key: asset.s3_key, prompt: asset.prompt ?? '', brandProfileId: asset.brand_profile_id ?? null, name: asset.name };
  }
}
