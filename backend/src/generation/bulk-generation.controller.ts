import { BULK_MESSAGES, type BulkBatchStatusDto, type BulkStartResponseDto } from '@brandloom/contracts';
import { BulkBatches, BulkGenerationService, BulkProgress } from '@brandloom/core';
import { BadRequestException, Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { coded } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { BulkCsvInterceptor, type UploadedCsvFile } from './bulk-csv.interceptor';
import { BulkGenerationFormDto } from './dto/bulk-generation.dto';
import { EventStreams } from './sse-response';
import { v1Schema } from '../openapi/v1-schemas';
import { ApiErrors } from '../openapi/openapi-document';

/** Bulk generation from a CSV: start a batch, read its rows, follow its progress. */
@ApiTags('generation')
@Controller('generate/bulk')
@UseGuards(OrganizationGuard)
export class BulkGenerationController {
  constructor(
    private readonly bulk: BulkGenerationService,
    private readonly batches: BulkBatches,
    private readonly progress: BulkProgress,
    private readonly streams: EventStreams,
  ) {}

  /**
   * Multipart: the CSV under `file` (≤ 1 MB; `prompt` column required, optional brand_profile,
   * quality, size), optional defaultBrandProfileId and defaultQuality. 201 {batchId, total, folderId,
   * jobs}; 422 with row-numbered errors; 402 when the whole file is not affordable.
   */
  @Post()
  @ApiErrors(402, 422)
  @HttpCode(HttpStatus.CREATED)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(BulkCsvInterceptor)
  @ApiCreatedResponse({ schema: v1Schema('V1BulkStarted') })
  start(
    @CurrentOrganizationId() organizationId: string,
    @CurrentUser() user: SessionUser,
    @Body() form: BulkGenerationFormDto,
    @UploadedFile() file: UploadedCsvFile | undefined,
  ): Promise<BulkStartResponseDto> {
    if (!file) throw new BadRequestException(coded('bulk_csv_required', BULK_MESSAGES.fileRequired));
    return this.bulk.start({
      organizationId,
      userId: user.id,
      file: file.buffer,
      defaultBrandProfileId: form.defaultBrandProfileId ?? null,
      defaultQuality: form.defaultQuality ?? null,
      defaultFormats: form.defaultFormats ?? null,
    });
  }

  /** {batchId, total, done, failed, rows: [{row, generationId, status, error?, assetUrl?, thumbnailUrl?}]}. */
  @Get(':batchId')
  @ApiOkResponse({ schema: v1Schema('V1BulkStatus') })
  status(@CurrentOrganizationId() organizationId: string, @Param('batchId') batchId: string): Promise<BulkBatchStatusDto> {
    return this.batches.status(organizationId, batchId);
  }

  /** Server-sent events `progress` and `completed` {done, failed, total, rows}, then `close`. */
  @Get(':batchId/progress')
  @ApiProduces('text/event-stream')
  async watch(@CurrentOrganizationId() organizationId: string, @Param('batchId') batchId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.streams.send(req, res, await this.progress.watch(organizationId, batchId));
  }
}
