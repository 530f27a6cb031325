import { ASSET_THUMBNAIL_VARIANT, type ApiPage, type AssetDto, type AssetFormatsResponseDto, type CreateFormatsResponseDto } from '@brandloom/contracts';
import { AssetLibraryService, AssetsService, FormatsService, toFormatJobDto, type AssetVariant } from '@brandloom/core';
import { BadRequestException, Body, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/openapi-document';
import { v1Schema } from '../openapi/v1-schemas';
import type { Response } from 'express';
import { pipeline } from 'node:stream';
import { ListAssetsQueryDto } from '../assets/dto/list-assets-query.dto';
import { UpdateAssetDto } from '../assets/dto/update-asset.dto';
import { coded } from '../common/send-error';
import { CreateFormatsDto } from '../formats/dto/create-formats.dto';
import { CurrentApiKey, RequireScope, type ApiKeyPrincipal } from './api-key.guard';
import { PublicApiController } from './public-api.decorator';
import { toApiAssetDto } from './public-api.mapper';

/** The library through the public API: reading needs `assets:read`, changing `assets:write`, ad formats `generate`. */
@PublicApiController('assets')
export class V1AssetsController {
  constructor(private readonly library: AssetLibraryService, private readonly assets: AssetsService, private readonly formats: FormatsService) {}

  /**
   * One keyset page of the library with its filters (folderId, search, format, stacked) and sorts;
   * `next_cursor`, passed back as `cursor` with the same sort and filters, gives the next page.
   */
  @Get()
  @RequireScope('assets:read')
  @ApiOkResponse({ schema: v1Schema('V1AssetPage') })
  async list(@CurrentApiKey() key: ApiKeyPrincipal, @Query() query: ListAssetsQueryDto): Promise<ApiPage<AssetDto>> {
    const page = await this.library.list(key.organizationId, { ...query, stacked: query.stacked === 'true' });
    return { data: page.assets.map(toApiAssetDto), next_cursor: page.nextCursor ?? null };
  }

  @Get(':id')
  @RequireScope('assets:read')
  @ApiOkResponse({ schema: v1Schema('V1Asset') })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<AssetDto> {
    return toApiAssetDto(await this.library.get(key.organizationId, id));
  }

  /** The image file (`?variant=thumb`: its WebP thumbnail). */
  @Get(':id/download')
  @RequireScope('assets:read')
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  async download(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Query('variant') variant: unknown, @Res() res: Response): Promise<void> {
    const asset = await this.library.get(key.organizationId, id);
    const object = await this.assets.openFile(key.organizationId, asset.s3_key, parseVariant(variant));
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    res.setHeader('ETag', object.etag);
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('Content-Disposition', `attachment; filename="${asset.id}.${extensionOf(object.contentType)}"`);
    pipeline(object.body, res, () => undefined);
  }

  /** Rename ({name}) and/or move ({folderId}: a folder, or null for none). */
  @Patch(':id')
  @RequireScope('assets:write')
  @ApiOkResponse({ schema: v1Schema('V1Asset') })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Body() dto: UpdateAssetDto): Promise<AssetDto> {
    return toApiAssetDto(await this.library.update(key.organizationId, id, { name: dto.name, folderId: dto.folderId }));
  }

  /** Deletes the asset and its files; nothing is refunded. */
  @Delete(':id')
  @RequireScope('assets:write')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<void> {
    await this.library.delete(key.organizationId, id);
  }

  /** Ad formats of the asset, one job per format (AI extend is charged like a generation of its quality). */
  @Post(':id/formats')
  @ApiErrors(402)
  @RequireScope('generate')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1FormatJobsCreated') })
  async createFormats(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Body() dto: CreateFormatsDto): Promise<CreateFormatsResponseDto> {
    const { jobs, creditsCharged, balance } = await this.formats.request({
      organizationId: key.organizationId,
      userId: null,
      apiKeyId: key.apiKeyId,
      assetId: id,
      formats: dto.formats,
      method: dto.method,
      fill: dto.fill,
      quality: dto.quality,
    });
    return { jobs: jobs.map(toFormatJobDto), creditsCharged, creditsRemaining: balance };
  }

  /** The asset, the formats made from it and its recent format jobs. */
  @Get(':id/formats')
  @RequireScope('assets:read')
  @ApiOkResponse({ schema: v1Schema('V1AssetFormats') })
  async formatsOf(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<AssetFormatsResponseDto> {
    const { original, formats } = await this.library.formatsOf(key.organizationId, id);
    const jobs = await this.formats.jobsOf(key.organizationId, original.id);
    return { original: toApiAssetDto(original), formats: formats.map(toApiAssetDto), jobs: jobs.map(toFormatJobDto) };
  }
}

function parseVariant(variant: unknown): AssetVariant {
  if (variant === undefined || variant === '' || variant === 'original') return 'original';
  if (variant === ASSET_THUMBNAIL_VARIANT) return ASSET_THUMBNAIL_VARIANT;
  throw new BadRequestException(coded('asset_variant_invalid', `variant must be '${ASSET_THUMBNAIL_VARIANT}' or absent`));
}

function extensionOf(contentType: string): string {
  return contentType === 'image/jpeg' ? 'jpg' : contentType === 'image/webp' ? 'webp' : 'png';
}
