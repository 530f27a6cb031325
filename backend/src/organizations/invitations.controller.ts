import { AcceptInvitationResponse, InvitationPreviewDto } from '@brandloom/contracts';
import { TeamService } from '@brandloom/core';
import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { AuthenticatedGuard } from '../common/guards';
import type { SessionUser } from '../common/session-user';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

/** The page a mailed invitation link opens: what it offers (no sign-in needed), and accepting it (signed in). */
@ApiTags('invitations')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly team: TeamService) {}

  @Get(':token')
  @ApiOkResponse({ schema: appSchema('InvitationPreview') })
  preview(@Param('token') token: string, @Req() req: Request): Promise<InvitationPreviewDto> {
    return this.team.preview(token, req.isAuthenticated() ? req.user!.id : null);
  }

  @Post(':token/accept')
  @ApiErrors(409)
  @HttpCode(200)
  @UseGuards(AuthenticatedGuard)
  @ApiOkResponse({ schema: appSchema('AcceptedInvitation') })
  accept(@CurrentUser() user: SessionUser, @Param('token') token: string): Promise<AcceptInvitationResponse> {
    return this.team.accept(user.id, token);
  }
}
