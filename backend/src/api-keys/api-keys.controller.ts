import { type ApiKeyDto, type CreatedApiKeyDto } from '@brandloom/contracts';
import { ApiKeysService, type ApiKeyActor } from '@brandloom/core';
import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import type { SessionUser } from '../common/session-user';
import { CreateApiKeyDto } from './dto/create-api-key.dto';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

const actorOf = (user: SessionUser): ApiKeyActor => ({ userId: user.id, organizationId: user.organizationId!, role: user.role });

/**
 * The organization's keys to the public API, for its owners and admins (403 for members). A session
 * route only: an API key never reaches it.
 */
@ApiTags('api-keys')
@Controller('api-keys')
@ApiErrors(403)
@UseGuards(OrganizationGuard)
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  /** The active keys, newest first: name, prefix, scopes, creator, created and last used; never the key. */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('ApiKey') } })
  list(@CurrentUser() user: SessionUser): Promise<ApiKeyDto[]> {
    return this.keys.list(actorOf(user));
  }

  /** Creates a key; `key` is in this answer only (it is stored as a hash). */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @Header('Cache-Control', 'no-store')
  @ApiCreatedResponse({ schema: appSchema('CreatedApiKey') })
  create(@CurrentUser() user: SessionUser, @Body() dto: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    return this.keys.create(actorOf(user), { name: dto.name, scopes: dto.scopes });
  }

  /** Revokes the key: from now on it answers 401 like an unknown key. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async revoke(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<void> {
    await this.keys.revoke(actorOf(user), id);
  }
}
