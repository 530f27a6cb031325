import { InvitationDto, LOGO_FIELD, ORGANIZATION_MESSAGES, OrganizationDto, OrganizationResponse, TeamMemberDto } from '@brandloom/contracts';
import { OrganizationSettingsService, OrganizationsService, requestLanguage, TeamActor, TeamService } from '@brandloom/core';
import { BadRequestException, Body, Controller, Delete, Get, Headers, HttpCode, NotFoundException, Param, Patch, Post, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import { UploadedMemoryFile } from '../common/multipart';
import { profileImageInterceptor } from '../common/profile-image.interceptor';
import { coded } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { InviteDto, UpdateMemberDto, UpdateOrganizationDto } from '../team/dto/team.dto';
import { toOrganizationDto } from './organization.mapper';
import { IMAGE_TYPES, appSchema } from '../openapi/app-schemas';
import { ApiErrors, ApiFileUpload } from '../openapi/openapi-document';

const LogoInterceptor = profileImageInterceptor(LOGO_FIELD, coded('logo_required', ORGANIZATION_MESSAGES.logoRequired), 'logo_too_large');

const actorOf = (user: SessionUser): TeamActor => ({ userId: user.id, organizationId: user.organizationId!, role: user.role });

/** The caller's organization: details and logo, members and roles, invitations. Members read; owners and admins manage. */
@ApiTags('organization')
@Controller('organization')
export class OrganizationsController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly team: TeamService,
    private readonly settings: OrganizationSettingsService,
  ) {}

  @Get()
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('OrganizationWithMembers') })
  async get(@CurrentOrganizationId() organizationId: string): Promise<OrganizationResponse> {
    const [organization, members] = await Promise.all([this.organizations.findById(organizationId), this.team.members(organizationId)]);
    if (!organization) throw new NotFoundException(coded('organization_not_found', 'Organization not found'));
    return { organization: toOrganizationDto(organization), members };
  }

  @Patch()
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('Organization') })
  update(@CurrentUser() user: SessionUser, @Body() dto: UpdateOrganizationDto): Promise<OrganizationDto> {
    return this.settings.update(actorOf(user), dto);
  }

  @Post('logo')
  @HttpCode(200)
  @UseGuards(OrganizationGuard)
  @ApiFileUpload(LOGO_FIELD)
  @UseInterceptors(LogoInterceptor)
  @ApiOkResponse({ schema: appSchema('Organization') })
  logo(@CurrentUser() user: SessionUser, @UploadedFile() file: UploadedMemoryFile | undefined): Promise<OrganizationDto> {
    if (!file) throw new BadRequestException(coded('logo_required', ORGANIZATION_MESSAGES.logoRequired));
    return this.settings.setLogo(actorOf(user), file.buffer);
  }

  /** Logos are public at a stable, unguessable URL. */
  @Get('logos/:file')
  @ApiProduces(...IMAGE_TYPES)
  async logoFile(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const image = await this.settings.logoFile(file);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(image.contentType).send(image.buffer);
  }

  @Get('members')
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('TeamMember') } })
  members(@CurrentOrganizationId() organizationId: string): Promise<TeamMemberDto[]> {
    return this.team.members(organizationId);
  }

  @Patch('members/:userId')
  @ApiErrors(409)
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('TeamMember') })
  changeRole(@CurrentUser() user: SessionUser, @Param('userId') userId: string, @Body() dto: UpdateMemberDto): Promise<TeamMemberDto> {
    return this.team.changeRole(actorOf(user), userId, dto.role);
  }

  @Delete('members/:userId')
  @ApiErrors(409)
  @HttpCode(204)
  @UseGuards(OrganizationGuard)
  async removeMember(@CurrentUser() user: SessionUser, @Param('userId') userId: string): Promise<void> {
    await this.team.removeMember(actorOf(user), userId);
  }

  @Get('invitations')
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('Invitation') } })
  invitations(@CurrentOrganizationId() organizationId: string): Promise<InvitationDto[]> {
    return this.team.listInvitations(organizationId);
  }

  @Post('invitations')
  @ApiErrors(409, 429)
  @UseGuards(OrganizationGuard)
  @ApiCreatedResponse({ schema: appSchema('Invitation') })
  invite(@CurrentUser() user: SessionUser, @Body() dto: InviteDto, @Headers('accept-language') acceptLanguage?: string): Promise<InvitationDto> {
    return this.team.invite({ ...actorOf(user), language: requestLanguage(acceptLanguage) }, dto.email, dto.role);
  }

  @Post('invitations/:id/resend')
  @ApiErrors(429)
  @HttpCode(200)
  @UseGuards(OrganizationGuard)
  @ApiOkResponse({ schema: appSchema('Invitation') })
  resend(@CurrentUser() user: SessionUser, @Param('id') id: string, @Headers('accept-language') acceptLanguage?: string): Promise<InvitationDto> {
    return this.team.resend({ ...actorOf(user), language: requestLanguage(acceptLanguage) }, id);
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @UseGuards(OrganizationGuard)
  async revoke(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<void> {
    await this.team.revoke(actorOf(user), id);
  }
}
