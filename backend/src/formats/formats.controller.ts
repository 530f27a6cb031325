import { type AssetFormatsResponseDto, type CreateFormatsResponseDto } from '@brandloom/contracts';
import { AssetLibraryService, FormatProgress, FormatsService, toAssetDto, toFormatJobDto } from '@brandloom/core';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import type { SessionUser } from '../common/session-user';
import { EventStreams } from '../generation/sse-response';
import { CreateFormatsDto } from './dto/create-formats.dto';
import { v1Schema } from '../openapi/v1-schemas';
import { ApiErrors } from '../openapi/openapi-document';

/** Ad formats of an asset: one job per format, progress over SSE like generations. */
@ApiTags('formats')
@Controller()
@UseGuards(OrganizationGuard)
export class FormatsController {
  constructor(
    private readonly formats: FormatsService,
    private readonly library: AssetLibraryService,
    private readonly progress: FormatProgress,
    private readonly streams: EventStreams,
  ) {}

  /** Starts one job per format; AI extend is charged per format like a generation of its quality (402 when short). */
  @Post('assets/:id/formats')
  @ApiErrors(402)
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1FormatJobsCreated') })
  async create(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Param('id') id: string, @Body() dto: CreateFormatsDto): Promise<CreateFormatsResponseDto> {
    const { jobs, creditsCharged, balance } = await this.formats.request({ organizationId, userId: user.id, assetId: id, formats: dto.formats, method: dto.method, fill: dto.fill, quality: dto.quality });
    return { jobs: jobs.map(toFormatJobDto), creditsCharged, creditsRemaining: balance };
  }

  /** The asset, the formats made from it, and its recent format jobs. */
  @Get('assets/:id/formats')
  @ApiOkResponse({ schema: v1Schema('V1AssetFormats') })
  async list(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<AssetFormatsResponseDto> {
    const { original, formats } = await this.library.formatsOf(organizationId, id);
    const jobs = await this.formats.jobsOf(organizationId, original.id);
    return { original: toAssetDto(original), formats: formats.map(toAssetDto), jobs: jobs.map(toFormatJobDto) };
  }

  /** Server-sent events `progress`, `completed` (the new asset), `error`, then `close`; 404 unless the organization's job. */
  @Get('formats/progress/:jobId')
  @ApiProduces('text/event-stream')
  async watch(@CurrentOrganizationId() organizationId: string, @Param('jobId') jobId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.streams.send(req, res, await this.progress.watch(organizationId, jobId));
  }
}
