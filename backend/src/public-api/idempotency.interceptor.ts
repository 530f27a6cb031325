import { IDEMPOTENT_REPLAYED_HEADER } from '@brandloom/contracts';
import { IdempotencyKeyInvalidError, IdempotencyService } from '@brandloom/core';
import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';

/**
 * `Idempotency-Key` on a POST of the public API (see IdempotencyService): the first request with a
 * key does the work and its answer is kept; a repeat of the same request gets that answer (with
 * `Idempotent-Replayed: true`) and nothing is done again. Runs after ApiKeyGuard.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService, private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const header = req.headers['idempotency-key'];
    if (req.method !== 'POST' || header === undefined || !req.apiKey) return next.handle();
    if (typeof header !== 'string') throw new IdempotencyKeyInvalidError();
    const res = ctx.switchToHttp().getResponse<Response>();
    const organizationId = req.apiKey.organizationId;
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, ctx.getHandler()) ?? HttpStatus.CREATED;
    const fingerprint = this.idempotency.fingerprint(req.method, req.originalUrl, req.body);
    return from(this.idempotency.begin(organizationId, header, fingerprint)).pipe(
      mergeMap((start) => {
        if (start.kind === 'replay') {
          res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
          return of(start.body);
        }
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            // Kept as the client receives it (dates as strings), so a replay is the same bytes.
            const answer: unknown = body === undefined ? null : JSON.parse(JSON.stringify(body));
            await this.idempotency.succeeded(organizationId, header, status, answer);
            return answer;
          }),
          catchError((error: unknown) => from(this.idempotency.failed(organizationId, header)).pipe(mergeMap(() => throwError(() => error)))),
        );
      }),
    );
  }
}
