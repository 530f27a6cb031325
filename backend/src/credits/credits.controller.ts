import { CreditBalanceDto } from '@brandloom/contracts';
import { CreditsService } from '@brandloom/core';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';

@ApiTags('credits')
@Controller('credits')
@UseGuards(OrganizationGuard)
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('balance')
  async balance(@CurrentOrganizationId() organizationId: string): Promise<CreditBalanceDto> {
    return { credits: await this.credits.balance(organizationId) };
  }
}
