import { DashboardSummaryResponse } from '@brandloom/contracts';
import { DashboardService } from '@brandloom/core';
import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { appSchema } from '../openapi/app-schemas';

@ApiTags('dashboard')
@Controller('dashboard')
@UseGuards(OrganizationGuard)
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ schema: appSchema('DashboardSummary') })
  summary(@CurrentOrganizationId() organizationId: string): Promise<DashboardSummaryResponse> {
    return this.dashboard.summary(organizationId);
  }
}
