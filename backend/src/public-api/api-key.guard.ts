import { API_KEY_MESSAGES, type ApiKeyScope } from '@brandloom/contracts';
import { ApiKeyScopeMissingError, ApiKeysService, ApiRateLimitedError, ApiRateLimits, type ApiRateLimitStatus } from '@brandloom/core';
import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { coded } from '../common/send-error';

/** What a request authenticated by an API key acts as: the key's organization, with the key's scopes. */
export interface ApiKeyPrincipal {
  apiKeyId: string;
  organizationId: string;
  scopes: readonly ApiKeyScope[];
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      apiKey?: ApiKeyPrincipal;
    }
  }
}

const SCOPE = 'apiKeyScope';
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The scope a public API route needs (a key without it gets 403 naming it). */
export const RequireScope = (scope: ApiKeyScope) => SetMetadata(SCOPE, scope);

/** The key's principal; routes using it sit behind ApiKeyGuard. */
export const CurrentApiKey = createParamDecorator((_: unknown, ctx: ExecutionContext): ApiKeyPrincipal => ctx.switchToHttp().getRequest<Request>().apiKey!);

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/**
 * The public API's authentication: `Authorization: Bearer bl_…` only (a session cookie is never
 * read here). An unknown, revoked or malformed key answers 401 with one message and code; then the
 * key's and its organization's rate limits count the request (RateLimit-* headers on the answer,
 * 429 with Retry-After beyond); then the route's scope (403 naming it).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysService,
    private readonly limits: ApiRateLimits,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const presented = bearerToken(req);
    if (!presented) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="Brandloom API"');
      throw new UnauthorizedException(coded('not_authenticated', API_KEY_MESSAGES.missingKey));
    }
    let key;
    try {
      key = await this.keys.authenticate(presented);
    } catch (error) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="Brandloom API", error="invalid_token"');
      throw error;
    }
    try {
      setRateLimitHeaders(res, await this.limits.take(key.id, key.organization_id));
    } catch (error) {
      if (error instanceof ApiRateLimitedError) setRateLimitHeaders(res, error.status);
      throw error;
    }
    const scope = this.reflector.getAllAndOverride<ApiKeyScope | undefined>(SCOPE, [ctx.getHandler(), ctx.getClass()]);
    if (scope && !key.scopes.includes(scope)) throw new ApiKeyScopeMissingError(scope);
    req.apiKey = { apiKeyId: key.id, organizationId: key.organization_id, scopes: key.scopes };
    return true;
  }
}

function setRateLimitHeaders(res: Response, status: ApiRateLimitStatus): void {
  res.setHeader('RateLimit-Limit', String(status.limit));
  res.setHeader('RateLimit-Remaining', String(status.remaining));
  res.setHeader('RateLimit-Reset', String(status.resetSeconds));
}
