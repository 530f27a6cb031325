import type { PaidCallFamily } from '@brandloom/contracts';
import { PaidCallLimits } from '@brandloom/core';
import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { OrganizationGuard } from './guards';

const PAID_CALL_FAMILY = 'paidCallFamily';

/**
 * Signed in with an organization, and within the user's and the organization's allowance of the
 * third party the route calls (429 with Retry-After beyond; see PaidCallLimits).
 */
@Injectable()
export class PaidCallGuard implements CanActivate {
  private readonly organization = new OrganizationGuard();

  constructor(private readonly reflector: Reflector, private readonly limits: PaidCallLimits) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    this.organization.canActivate(ctx);
    const family = this.reflector.get<PaidCallFamily>(PAID_CALL_FAMILY, ctx.getHandler());
    const user = ctx.switchToHttp().getRequest<Request>().user!;
    await this.limits.take(family, { userId: user.id, organizationId: user.organizationId! });
    return true;
  }
}

/** Marks a route that calls a paid or rate-limited third party: every call is counted against its family's allowances. */
export const PaidCall = (family: PaidCallFamily) => applyDecorators(SetMetadata(PAID_CALL_FAMILY, family), UseGuards(PaidCallGuard));
