import type { ProviderStatusDto } from '@brandloom/contracts';
import { ImageProviders } from '@brandloom/core';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedGuard } from '../common/guards';
import { appSchema } from '../openapi/app-schemas';

@ApiTags('generation')
@Controller('openai')
@UseGuards(AuthenticatedGuard)
export class ProviderStatusController {
  constructor(private readonly providers: ImageProviders) {}

  /** {isConfigured, apiName, features} of the configured image provider (the local renderer when none). */
  @Get('status')
  @ApiOkResponse({ schema: appSchema('ProviderStatus') })
  status(): ProviderStatusDto {
    return this.providers.status();
  }
}
