import { CanActivate, ExecutionContext, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { coded } from './send-error';

@Injectable()
export class AuthenticatedGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!ctx.switchToHttp().getRequest<Request>().isAuthenticated()) throw new UnauthorizedException(coded('not_authenticated', 'Not authenticated'));
    return true;
  }
}

/** Signed in and a member of an organization: organization-scoped routes. */
@Injectable()
export class OrganizationGuard extends AuthenticatedGuard {
  canActivate(ctx: ExecutionContext): boolean {
    super.canActivate(ctx);
    if (!ctx.switchToHttp().getRequest<Request>().user!.organizationId) throw new NotFoundException(coded('organization_not_found', 'Organization not found'));
    return true;
  }
}

@Injectable()
export class AdminGuard extends AuthenticatedGuard {
  canActivate(ctx: ExecutionContext): boolean {
    super.canActivate(ctx);
    if (!ctx.switchToHttp().getRequest<Request>().user!.is_admin) throw new ForbiddenException(coded('admin_required', 'Administrator access required'));
    return true;
  }
}
