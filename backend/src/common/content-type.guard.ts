import { INPUT_MESSAGES } from '@brandloom/contracts';
import { CanActivate, ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { coded } from './send-error';

/** Where @ApiConsumes keeps its list (@nestjs/swagger's API_CONSUMES, not exported by the package). */
const API_CONSUMES = 'swagger/apiConsumes';

const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * A request with a body must say what it is: routes documented with @ApiConsumes('multipart/form-data')
 * take multipart only, every other route JSON only (415 otherwise). The OpenAPI document and the
 * check therefore always agree. Bodyless requests (logout, deletes) need no Content-Type.
 */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!hasBody(req)) return true;
    const consumes = this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [context.getHandler(), context.getClass()]);
    if (consumes?.includes('multipart/form-data')) {
      if (!req.is('multipart/form-data')) throw new UnsupportedMediaTypeException(coded('multipart_only', INPUT_MESSAGES.multipartOnly));
    } else if (consumes?.includes('application/x-www-form-urlencoded')) {
      if (!req.is('application/x-www-form-urlencoded')) throw new UnsupportedMediaTypeException(coded('form_only', 'This endpoint accepts application/x-www-form-urlencoded only'));
    } else if (!req.is('application/json')) {
      throw new UnsupportedMediaTypeException(coded('json_only', INPUT_MESSAGES.jsonOnly));
    }
    return true;
  }
}
