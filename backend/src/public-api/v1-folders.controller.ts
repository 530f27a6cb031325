import { type FolderDto } from '@brandloom/contracts';
import { FolderDeletion, FoldersService, toFolderDto } from '@brandloom/core';
import { Body, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import { FolderNameDto } from '../folders/dto/folder-name.dto';
import { CurrentApiKey, RequireScope, type ApiKeyPrincipal } from './api-key.guard';
import { ApiErrors } from '../openapi/openapi-document';
import { v1Schema } from '../openapi/v1-schemas';
import { PublicApiController } from './public-api.decorator';

/** Library folders through the public API: listing needs `assets:read`, the rest `assets:write`. */
@PublicApiController('folders')
export class V1FoldersController {
  constructor(
    private readonly folders: FoldersService,
    private readonly folderDeletion: FolderDeletion,
  ) {}

  /** Alphabetical, each with its asset_count. */
  @Get()
  @RequireScope('assets:read')
  @ApiOkResponse({ schema: { type: 'array', items: v1Schema('V1Folder') } })
  async list(@CurrentApiKey() key: ApiKeyPrincipal): Promise<FolderDto[]> {
    return (await this.folders.list(key.organizationId)).map(toFolderDto);
  }

  /** 409 when a folder of that name (ignoring case) exists. */
  @Post()
  @ApiErrors(409)
  @RequireScope('assets:write')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1Folder') })
  async create(@CurrentApiKey() key: ApiKeyPrincipal, @Body() dto: FolderNameDto): Promise<FolderDto> {
    return toFolderDto(await this.folders.create(key.organizationId, dto.name));
  }

  @Patch(':id')
  @ApiErrors(409)
  @RequireScope('assets:write')
  @ApiOkResponse({ schema: v1Schema('V1Folder') })
  async rename(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Body() dto: FolderNameDto): Promise<FolderDto> {
    return toFolderDto(await this.folders.rename(key.organizationId, id, dto.name));
  }

  /** Its assets move to no folder (they are not deleted). */
  @Delete(':id')
  @RequireScope('assets:write')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<void> {
    await this.folderDeletion.delete(key.organizationId, id);
  }
}
