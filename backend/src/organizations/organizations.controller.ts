import { OrganizationResponse, TeamMemberDto } from '@brandloom/contracts';
import { OrganizationsService, TeamService } from '@brandloom/core';
import { Controller, Get, NotFoundException, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentOrganizationId } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { toOrganizationDto } from './organization.mapper';

@ApiTags('organization')
@Controller('organization')
@UseGuards(OrganizationGuard)
export class OrganizationsController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly team: TeamService,
  ) {}

  @Get()
  async get(@CurrentOrganizationId() organizationId: string): Promise<OrganizationResponse> {
    const [organization, members] = await Promise.all([this.organizations.findById(organizationId), this.team.members(organizationId)]);
    if (!organization) throw new NotFoundException('Organization not found');
    return { organization: toOrganizationDto(organization), members };
  }

  @Get('members')
  members(@CurrentOrganizationId() organizationId: string): Promise<TeamMemberDto[]> {
    return this.team.members(organizationId);
  }
}
