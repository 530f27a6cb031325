import { type FolderDto } from '@brandloom/contracts';
import { FolderDeletion, FoldersService, toFolderDto } from '@brandloom/core';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { FolderNameDto } from './dto/folder-name.dto';
import { v1Schema } from '../openapi/v1-schemas';
import { ApiErrors } from '../openapi/openapi-document';

@ApiTags('folders')
@Controller('folders')
@UseGuards(OrganizationGuard)
export class FoldersController {
  constructor(
    private readonly folders: FoldersService,
    private readonly folderDeletion: FolderDeletion,
  ) {}

  /** The organization's folders, alphabetical, each with its asset_count. */
  @Get()
  @ApiOkResponse({ schema: { type: 'array', items: v1Schema('V1Folder') } })
  async list(@CurrentOrganizationId() organizationId: string): Promise<FolderDto[]> {
    return (await this.folders.list(organizationId)).map(toFolderDto);
  }

  /** 409 when a folder of that name (ignoring case) exists. */
  @Post()
  @ApiErrors(409)
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ schema: v1Schema('V1Folder') })
  async create(@CurrentOrganizationId() organizationId: string, @Body() dto: FolderNameDto): Promise<FolderDto> {
    return toFolderDto(await this.folders.create(organizationId, dto.name));
  }

  @Patch(':id')
  @ApiErrors(409)
  @ApiOkResponse({ schema: v1Schema('V1Folder') })
  async rename(@CurrentOrganizationId() organizationId: string, @Param('id') id: string, @Body() dto: FolderNameDto): Promise<FolderDto> {
    return toFolderDto(await this.folders.rename(organizationId, id, dto.name));
  }

  /** Deletes the folder; its assets move to All Assets (they are not deleted). */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentOrganizationId() organizationId: string, @Param('id') id: string): Promise<void> {
    await this.folderDeletion.delete(organizationId, id);
  }
}
