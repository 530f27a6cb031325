import { API_LIST_DEFAULT_LIMIT, type ApiGenerationDto, type ApiPage, type BulkBatchStatusDto, type BulkStartResponseDto } from '@brandloom/contracts';
import { BulkBatches, BulkGenerationService, GenerationLookup, GenerationProgress, GenerationService } from '@brandloom/core';
import { Body, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/openapi-document';
import { v1Schema } from '../openapi/v1-schemas';
import type { Request, Response } from 'express';
import { pictureAdsOf } from '../generation/dto/generate-image.dto';
import { EventStreams } from '../generation/sse-response';
import { CurrentApiKey, RequireScope, type ApiKeyPrincipal } from './api-key.guard';
import { ApiBulkGenerationDto, ApiGenerateDto, ApiPageQueryDto } from './dto/public-api.dto';
import { PublicApiController } from './public-api.decorator';
import { toApiGenerationDto } from './public-api.mapper';

/** Generations through the public API (scope `generate`): credits are spent as in the app, the ledger row names the key. */
@PublicApiController('generations')
@RequireScope('generate')
export class V1GenerationsController {
  constructor(
    private readonly generations: GenerationService,
    private readonly lookup: GenerationLookup,
    private readonly progress: GenerationProgress,
    private readonly bulk: BulkGenerationService,
    private readonly batches: BulkBatches,
    private readonly streams: EventStreams,
  ) {}

  /** Starts a generation (402 when the credits are short); follow it with GET …/{id} or its `progress_url`. */
  @Post()
  @ApiErrors(402)
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1Generation') })
  async create(@CurrentApiKey() key: ApiKeyPrincipal, @Body() dto: ApiGenerateDto): Promise<ApiGenerationDto> {
    const { generation } = await this.generations.start({
      organizationId: key.organizationId,
      userId: null,
      apiKeyId: key.apiKeyId,
      prompt: dto.prompt,
      quality: dto.quality,
      size: dto.size,
      variationCount: dto.variationCount ?? dto.variation_count ?? 1,
      brandProfileId: dto.brand_profile_id ?? dto.brandProfileId ?? null,
      referenceImages: dto.reference_images ?? [],
      adFormats: dto.formats ?? [],
      ads: pictureAdsOf(dto),
    });
    return toApiGenerationDto(generation, []);
  }

  /** A batch from the app's bulk CSV: 201 {batchId, total, folderId, jobs}; 422 with row-numbered errors; 402 when not affordable. */
  @Post('bulk')
  @ApiErrors(402)
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1BulkStarted') })
  createBulk(@CurrentApiKey() key: ApiKeyPrincipal, @Body() dto: ApiBulkGenerationDto): Promise<BulkStartResponseDto> {
    return this.bulk.start({
      organizationId: key.organizationId,
      userId: null,
      apiKeyId: key.apiKeyId,
      file: Buffer.from(dto.csv, 'utf8'),
      defaultBrandProfileId: dto.defaultBrandProfileId ?? null,
      defaultQuality: dto.defaultQuality ?? null,
      defaultFormats: dto.defaultFormats ?? null,
    });
  }

  /** A batch's rows and their states. */
  @Get('bulk/:batchId')
  @ApiOkResponse({ schema: v1Schema('V1BulkStatus') })
  bulkStatus(@CurrentApiKey() key: ApiKeyPrincipal, @Param('batchId') batchId: string): Promise<BulkBatchStatusDto> {
    return this.batches.status(key.organizationId, batchId);
  }

  /** The organization's generations, newest first, with their images. */
  @Get()
  @ApiOkResponse({ schema: v1Schema('V1GenerationPage') })
  async list(@CurrentApiKey() key: ApiKeyPrincipal, @Query() query: ApiPageQueryDto): Promise<ApiPage<ApiGenerationDto>> {
    const page = await this.lookup.list(key.organizationId, { limit: query.limit ?? API_LIST_DEFAULT_LIMIT, cursor: query.cursor });
    return { data: page.generations.map(({ generation, assets }) => toApiGenerationDto(generation, assets)), next_cursor: page.nextCursor };
  }

  /** One generation: poll its `status` (queued, processing, completed, failed); `assets` once completed. */
  @Get(':id')
  @ApiOkResponse({ schema: v1Schema('V1Generation') })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<ApiGenerationDto> {
    const { generation, assets } = await this.lookup.get(key.organizationId, id);
    return toApiGenerationDto(generation, assets);
  }

  /** Server-sent events `progress`, `completed`, `error`, then `close` (as the app's progress stream). */
  @Get(':id/events')
  @ApiProduces('text/event-stream')
  async events(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.streams.send(req, res, await this.progress.watch(key.organizationId, id));
  }
}
