import type { ProviderStatusDto } from '@brandloom/contracts';
import { ImageProviders } from '@brandloom/core';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthenticatedGuard } from '../common/guards';

@ApiTags('generation')
@Controller('openai')
@UseGuards(AuthenticatedGuard)
export class ProviderStatusController {
  constructor(private readonly providers: ImageProviders) {}

  /** {isConfigured, apiName, features} of the configured image provider (the local renderer when none). */
  @Get('status')
  status(): ProviderStatusDto {
    return this.providers.status();
  }
}
