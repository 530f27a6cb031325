import { type GenerationResponseDto } from '@brandloom/contracts';
import { GenerationProgress, GenerationService, toGenerationResponse } from '@brandloom/core';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UploadedFiles, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import type { SessionUser } from '../common/session-user';
import { GenerateImageDto, pictureAdsOf } from './dto/generate-image.dto';
import { ReferenceImagesInterceptor, type UploadedImageFile } from './reference-images.interceptor';
import { EventStreams } from './sse-response';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

@ApiTags('generation')
@Controller()
@UseGuards(OrganizationGuard)
export class GenerationController {
  constructor(
    private readonly generations: GenerationService,
    private readonly progress: GenerationProgress,
    private readonly streams: EventStreams,
  ) {}

  /** JSON; reference_images may hold PNG/JPEG data URLs or keys of the organization's stored images. */
  @Post('generate')
  @ApiErrors(402)
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: appSchema('StartedGeneration') })
  generate(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: GenerateImageDto): Promise<GenerationResponseDto> {
    return this.start(organizationId, user, dto, dto.reference_images ?? [], false);
  }

  /** Same as /generate, always drawn by the local renderer (prompts with TEST come here). */
  @Post('generate/test')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: appSchema('StartedGeneration') })
  test(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: GenerateImageDto): Promise<GenerationResponseDto> {
    return this.start(organizationId, user, dto, dto.reference_images ?? [], true);
  }

  /** Multipart: the same fields, plus up to 4 PNG/JPEG files of at most 10 MB under `images`. */
  @Post('studio')
  @HttpCode(HttpStatus.CREATED)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(ReferenceImagesInterceptor)
  @ApiCreatedResponse({ schema: appSchema('StartedGeneration') })
  studio(
    @CurrentOrganizationId() organizationId: string,
    @CurrentUser() user: SessionUser,
    @Body() dto: GenerateImageDto,
    @UploadedFiles() files: UploadedImageFile[] | undefined,
  ): Promise<GenerationResponseDto> {
    return this.start(organizationId, user, dto, [...(files ?? []).map((file) => file.buffer), ...(dto.reference_images ?? [])], false);
  }

  /** Server-sent events `progress`, `completed`, `error`, then `close`; 404 unless the caller's organization's job. */
  @Get('generate/progress/:jobId')
  @ApiProduces('text/event-stream')
  async watch(@CurrentOrganizationId() organizationId: string, @Param('jobId') jobId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    this.streams.send(req, res, await this.progress.watch(organizationId, jobId));
  }

  private async start(
    organizationId: string,
    user: SessionUser,
    dto: GenerateImageDto,
    referenceImages: Array<Buffer | string>,
    forceLocalRenderer: boolean,
  ): Promise<GenerationResponseDto> {
    const { generation, balance } = await this.generations.start({
      organizationId,
      userId: user.id,
      prompt: dto.prompt,
      quality: dto.quality,
      size: dto.size,
      variationCount: dto.variationCount ?? 1,
      brandProfileId: dto.brand_profile_id ?? dto.brandProfileId ?? null,
      referenceImages,
      forceLocalRenderer,
      adFormats: dto.formats ?? [],
      ads: pictureAdsOf(dto),
    });
    return toGenerationResponse(generation, [], balance);
  }
}
