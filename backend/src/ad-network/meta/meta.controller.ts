import { AD_RESULT_DEFAULT_RANGE } from '@brandloom/contracts';
import type { MetaPushAdsResponse, MetaAuthUrlResponse, MetaCampaignsResponse, MetaDataDeletionResponse, MetaDataDeletionStatusDto, MetaPushDto, MetaPushesResponse, MetaStatusResponse } from '@brandloom/contracts';
import { AdNetworkConnections, AdNetworks, AdResultsService, DomainError, MetaDataDeletionService, MetaPushService, MetaInvalidStateError, type AdNetworkOAuthSession } from '@brandloom/core';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConsumes, ApiCreatedResponse, ApiFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentOrganizationId, CurrentUser } from '../../common/current-user.decorator';
import { OrganizationGuard } from '../../common/guards';
import { PaidCall } from '../../common/paid-call.guard';
import type { SessionUser } from '../../common/session-user';
import { CampaignsQueryDto, DataDeletionDto, PushAssetDto } from './dto/push-asset.dto';
import { PushAdsDto } from './dto/push-ads.dto';
import { AdResultsQueryDto } from '../dto/ad-results-query.dto';
import { appSchema } from '../../openapi/app-schemas';
import { ApiErrors } from '../../openapi/openapi-document';

const caller = (user: SessionUser) => ({ organizationId: user.organizationId!, userId: user.id });
const oauthSession = (req: Request) => req.session as unknown as AdNetworkOAuthSession;
const NETWORK = 'meta';

/** Meta's routes: the ad-network port's calls for Meta, and Meta's own data-deletion callback. */
@ApiTags('meta')
@Controller(NETWORK)
export class MetaController {
  private readonly meta;

  constructor(
    networks: AdNetworks,
    private readonly connections: AdNetworkConnections,
    private readonly deletions: MetaDataDeletionService,
    private readonly pushService: MetaPushService,
    private readonly results: AdResultsService,
  ) {
    this.meta = networks.get(NETWORK);
  }

  @Get('status')
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('MetaStatus') })
  status(@CurrentOrganizationId() organizationId: string): Promise<MetaStatusResponse> {
    return this.meta.status(organizationId);
  }

  @Get('auth-url')
  @ApiErrors(403, 503)
  @UseGuards(OrganizationGuard)
  @PaidCall('meta')
  @ApiOkResponse({ schema: appSchema('MetaAuthUrl') })
  async authUrl(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<MetaAuthUrlResponse> {
    return { loginUrl: await this.connections.start(NETWORK, caller(user), oauthSession(req)) };
  }

  /** Meta sends the browser back here; a bad state is refused (403), anything else lands on the library with a toast. */
  @Get('callback')
  @ApiErrors(403)
  @ApiFoundResponse({ description: 'Back to the library, saying whether Meta connected' })
  async callback(@Req() req: Request, @Res() res: Response, @Query() query: Record<string, unknown>): Promise<void> {
    try {
      await this.connections.finish(NETWORK, oauthSession(req), { code: query.code, state: query.state, providerError: query.error_description ?? query.error });
      res.redirect('/library?meta=connected');
    } catch (error) {
      if (error instanceof MetaInvalidStateError || !(error instanceof DomainError)) throw error;
      res.redirect(`/library?meta=error&reason=${encodeURIComponent(error.message)}`);
    }
  }

  @Post('refresh')
  @ApiErrors(403, 409, 502, 503)
  @HttpCode(200)
  @UseGuards(OrganizationGuard)
  @PaidCall('meta')
  @ApiOkResponse({ schema: appSchema('MetaStatus') })
  refresh(@CurrentOrganizationId() organizationId: string): Promise<MetaStatusResponse> {
    return this.meta.refresh(organizationId);
  }

  @Post('disconnect')
  @HttpCode(200)
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('Message') })
  async disconnect(@CurrentOrganizationId() organizationId: string): Promise<{ message: string }> {
    await this.meta.disconnect(organizationId);
    return { message: 'Meta disconnected' };
  }

  @Get('campaigns')
  @ApiErrors(403, 409, 502, 503)
  @UseGuards(OrganizationGuard)
  @PaidCall('meta')
  @ApiOkResponse({ schema: appSchema('MetaCampaigns') })
  campaigns(@CurrentOrganizationId() organizationId: string, @Query() query: CampaignsQueryDto): Promise<MetaCampaignsResponse> {
    return this.meta.listCampaigns(organizationId, query.adAccountId);
  }

  /** 201 with the ad when the job finished within META_PUSH_WAIT_MS, else 202 with the push id to follow. */
  @Post('push-asset')
  @ApiErrors(403, 409, 502, 503)
  @UseGuards(OrganizationGuard)
  @PaidCall('meta')
  @ApiCreatedResponse({ description: 'The ad exists', schema: appSchema('MetaPushed') })
  @ApiAcceptedResponse({ description: 'The push still runs: follow it by id', schema: appSchema('MetaPushAccepted') })
  async pushAsset(@CurrentUser() user: SessionUser, @Body() dto: PushAssetDto, @Res({ passthrough: true }) res: Response) {
    const answer = await this.meta.pushCreative(caller(user), dto);
    if ('pushId' in answer) res.status(202);
    return answer;
  }

  /**
   * 1 to 10 assets into one ad set, each its own paused ad with an image per placement (feed,
   * stories/reels), Meta's automatic creative changes off unless chosen. 201 when every push ended
   * (each says how), 202 while some still run (follow them by id).
   */
  @Post('push-ads')
  @ApiErrors(403, 409, 502, 503)
  @UseGuards(OrganizationGuard)
  @PaidCall('meta')
  @ApiCreatedResponse({ description: 'Every push ended (each says how)', schema: appSchema('MetaPushedAds') })
  @ApiAcceptedResponse({ description: 'Some pushes still run: follow them by id', schema: appSchema('MetaPushedAds') })
  async pushAds(@CurrentUser() user: SessionUser, @Body() dto: PushAdsDto, @Res({ passthrough: true }) res: Response): Promise<MetaPushAdsResponse> {
    const answer = await this.pushService.pushAds(caller(user), dto);
    if (answer.pushes.some((push) => push.status === 'pending' || push.status === 'running')) res.status(202);
    return answer;
  }

  /** Every push, newest first, with its ad's status as Meta last reported it and its figures over the range (28 days by default). */
  @Get('pushes')
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('MetaPushes') })
  async history(@CurrentOrganizationId() organizationId: string, @Query() query: AdResultsQueryDto): Promise<MetaPushesResponse> {
    const range = query.range ?? AD_RESULT_DEFAULT_RANGE;
    const pushes = await this.meta.listPushes(organizationId);
    const figures = await this.results.perAd(organizationId, NETWORK, pushes.flatMap((push) => (push.adId ? [push.adId] : [])), range);
    return { range, pushes: pushes.map((push) => ({ ...push, figures: (push.adId && figures.get(push.adId)) || null })) };
  }

  @Get('pushes/:pushId')
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('MetaPush') })
  push(@CurrentOrganizationId() organizationId: string, @Param('pushId') pushId: string): Promise<MetaPushDto> {
    return this.meta.getPush(organizationId, pushId);
  }

  /** Meta's data-deletion callback: exempt from the origin rule, its signature is the check. */
  @Post('data-deletion')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOkResponse({ schema: appSchema('MetaDataDeletion') })
  dataDeletion(@Body() dto: DataDeletionDto): Promise<MetaDataDeletionResponse> {
    return this.deletions.handle(dto.signed_request);
  }

  /** The public status of a deletion request, by its confirmation code. */
  @Get('data-deletion/:code')
  @ApiOkResponse({ schema: appSchema('MetaDataDeletionStatus') })
  dataDeletionStatus(@Param('code') code: string): Promise<MetaDataDeletionStatusDto> {
    return this.deletions.status(code);
  }
}
