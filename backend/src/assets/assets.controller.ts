import { ASSET_THUMBNAIL_VARIANT, type AssetDataUrlDto, NEXT_CURSOR_HEADER, type AssetCountDto, type AssetDto } from '@brandloom/contracts';
import { AssetLibraryService, AssetsService, type AssetVariant, toAssetDto } from '@brandloom/core';
import { BadRequestException, Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotModifiedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { coded } from '../common/send-error';
import { AssetCountQueryDto, ListAssetsQueryDto } from './dto/list-assets-query.dto';
import { UpdateAssetDto } from './dto/update-asset.dto';
import { v1Schema } from '../openapi/v1-schemas';
import { appSchema } from '../openapi/app-schemas';

/** Files are immutable under their key; the browser may keep them for a day, never a shared cache. */
const CACHE_CONTROL = 'private, max-age=86400';

@ApiTags('assets')
@Controller('assets')
@UseGuards(OrganizationGuard)
export class AssetsController {
  constructor(private readonly assets: AssetsService, private readonly library: AssetLibraryService) {}

  /**
   * The library, one keyset page: a JSON array of assets. When more follow, the
   * X-Next-Cursor header holds the opaque cursor of the next page (pass it back as `cursor` with the
   * same sort and filters). Sorts: newest (default), oldest, name-asc, name-desc.
   */
  @Get()
  @ApiOkResponse({ schema: { type: 'array', items: v1Schema('V1Asset') } })
  async list(@CurrentOrganizationId() organizationId: string, @Query() query: ListAssetsQueryDto, @Res({ passthrough: true }) res: Response): Promise<AssetDto[]> {
    const page = await this.library.list(organizationId, { ...query, stacked: query.stacked === 'true' });
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.assets.map(toAssetDto);
  }

  /** How many assets (in a folder, matching a search; with stacked=true, the tiles the library shows). */
  @Get('count')
  @ApiOkResponse({ schema: appSchema('AssetCount') })
  async count(@CurrentOrganizationId() organizationId: string, @Query() query: AssetCountQueryDto): Promise<AssetCountDto> {
    return { count: await this.library.count(organizationId, { ...query, stacked: query.stacked === 'true' }) };
  }

  @Get(':id')
  @ApiOkResponse({ schema: v1Schema('V1Asset') })
  async get(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<AssetDto> {
    return toAssetDto(await this.library.get(organizationId, id));
  }

  /** Rename ({name}) and/or move ({folderId}: a folder, or null for none). */
  @Patch(':id')
  @ApiOkResponse({ schema: v1Schema('V1Asset') })
  async update(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Body() dto: UpdateAssetDto): Promise<AssetDto> {
    return toAssetDto(await this.library.update(organizationId, id, { name: dto.name, folderId: dto.folderId }));
  }

  /** Deletes the asset and its stored files (original and thumbnail); nothing is refunded. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<void> {
    await this.library.delete(organizationId, id);
  }

  /** The stored image (`?variant=thumb`: its WebP thumbnail), streamed; 404 unless the caller's organization's. */
  @Get('file/*key')
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
  @ApiOkResponse({ description: 'The image' })
  @ApiNotModifiedResponse({ description: 'If-None-Match names the file’s current ETag' })
  async file(
    @CurrentOrganizationId() organizationId: string,
    @Param('key') key: string | string[],
    @Query('variant') variant: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const object = await this.assets.openFile(organizationId, joinKey(key), parseVariant(variant));
    res.setHeader('ETag', object.etag);
    res.setHeader('Cache-Control', CACHE_CONTROL);
    if (object.lastModified) res.setHeader('Last-Modified', object.lastModified.toUTCString());
    if (etagMatches(req.headers['if-none-match'], object.etag)) {
      object.body.destroy();
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    res.setHeader('Content-Disposition', 'inline');
    if (req.method === 'HEAD') {
      object.body.destroy();
      res.end();
      return;
    }
    pipeline(object.body, res, () => undefined);
  }

  /** The same file as a data URL: the studio's fallback when the direct image does not load. */
  @Get('base64/*key')
  @ApiOkResponse({ schema: appSchema('AssetDataUrl') })
  async base64(
    @CurrentOrganizationId() organizationId: string,
    @Param('key') key: string | string[],
    @Query('variant') variant: unknown,
  ): Promise<AssetDataUrlDto> {
    return { dataUrl: await this.assets.dataUrl(organizationId, joinKey(key), parseVariant(variant)) };
  }
}

/** Express 5 gives a wildcard as its segments. */
function joinKey(key: string | string[]): string {
  return Array.isArray(key) ? key.join('/') : String(key ?? '');
}

function parseVariant(variant: unknown): AssetVariant {
  if (variant === undefined || variant === '' || variant === 'original') return 'original';
  if (variant === ASSET_THUMBNAIL_VARIANT) return ASSET_THUMBNAIL_VARIANT;
  throw new BadRequestException(coded('asset_variant_invalid', `variant must be '${ASSET_THUMBNAIL_VARIANT}' or absent`));
}

/** If-None-Match: a list of entity tags or '*'; weak comparison (RFC 9110 §13.1.2). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header || !etag) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
