import { ASSET_THUMBNAIL_VARIANT, type AssetDataUrlDto } from '@brandloom/contracts';
import { AssetsService, type AssetVariant } from '@brandloom/core';
import { BadRequestException, Controller, Get, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';

/** Files are immutable under their key; the browser may keep them for a day, never a shared cache. */
const CACHE_CONTROL = 'private, max-age=86400';

@ApiTags('assets')
@Controller('assets')
@UseGuards(OrganizationGuard)
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  /** The stored image (`?variant=thumb`: its WebP thumbnail), streamed; 404 unless the caller's organization's. */
  @Get('file/*key')
  @ApiProduces('image/png', 'image/jpeg', 'image/webp')
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
  throw new BadRequestException(`variant must be '${ASSET_THUMBNAIL_VARIANT}' or absent`);
}

/** If-None-Match: a list of entity tags or '*'; weak comparison (RFC 9110 §13.1.2). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header || !etag) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
