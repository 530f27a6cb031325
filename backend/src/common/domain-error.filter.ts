import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DatabaseUnavailableError, DomainError, isDatabaseUnavailable, type DomainErrorKind } from '@brandloom/core';
import { ERROR_CODES, type ErrorCode, type ErrorParams } from '@brandloom/contracts';
import type { NextFunction, Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { bodyParserRefusal } from './json-body';
import { sendError } from './send-error';

/** The HTTP status of each kind of domain error. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  payment_required: HttpStatus.PAYMENT_REQUIRED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  limit: HttpStatus.TOO_MANY_REQUESTS,
  bad_gateway: HttpStatus.BAD_GATEWAY,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  timeout: HttpStatus.GATEWAY_TIMEOUT,
};

/** The code of an error that brought none of its own (a framework's), by its status. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'service_unavailable',
};

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
/** Nest's answer to a path no route matches ('Cannot GET /api/nope'). */
const NO_ROUTE = /^Cannot [A-Z]+ \//;

const codeOfStatus = (statusCode: number): ErrorCode => CODE_OF_STATUS[statusCode] ?? 'request_failed';

interface Described {
  statusCode: number;
  message: string | string[];
  code: ErrorCode;
  params?: ErrorParams;
  details?: Record<string, unknown>;
  retryAfterSeconds?: number;
}

/**
 * Every error leaves as `{ statusCode, message, error, code }` (plus `params` when the message names
 * values, and a domain error's details); a domain error's kind gives its status, its code is its own.
 */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    // An outage is not a bug: one line in the log, 503 with Retry-After to the caller.
    if (!(exception instanceof DomainError) && isDatabaseUnavailable(exception)) {
      this.logger.warn(`database unavailable: ${(exception as Error).message}`);
      exception = new DatabaseUnavailableError(exception);
    }
    const { statusCode, message, code, params, details, retryAfterSeconds } = this.describe(exception);
    // A stack only for what nobody expected; a third party being unconfigured or down, or the database
    // being out of reach, is one warn line (an anonymous caller must not be able to fill the log with stacks).
    if (statusCode >= 500 && (exception instanceof DomainError || statusCode === HttpStatus.SERVICE_UNAVAILABLE)) {
      this.logger.warn(exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception));
    } else if (statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', Math.ceil(retryAfterSeconds));
    res.status(statusCode).json({ statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', code, ...(params && { params }), ...details });
  }

  private describe(exception: unknown): Described {
    if (exception instanceof DomainError) {
      const { kind, message, code, params, details, retryAfterSeconds } = exception;
      return { statusCode: STATUS_OF_KIND[kind], message, code, params, details, retryAfterSeconds };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'string') return { statusCode, message: body, code: codeOfStatus(statusCode) };
      const { message = exception.message, code, params, errors } = body as { message?: string | string[]; code?: unknown; params?: ErrorParams; errors?: unknown[] };
      const ownCode = typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : undefined;
      const fallback = statusCode === 404 && typeof message === 'string' && NO_ROUTE.test(message) ? 'route_not_found' : codeOfStatus(statusCode);
      return { statusCode, message, code: ownCode ?? fallback, params, details: errors && { errors } };
    }
    // body-parser errors that reach Nest (malformed JSON, too large) carry their own 4xx status.
    const refusal = bodyParserRefusal(exception);
    if (refusal) return refusal;
    return { statusCode: 500, message: 'Internal server error', code: 'internal_error' };
  }
}

/**
 * Errors of the plain Express middleware (the session store and passport read PostgreSQL before any
 * route runs): a database outage answers 503 in the API's shape, anything else goes on to Express.
 */
export function databaseUnavailableHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent || !isDatabaseUnavailable(error)) return next(error);
  const unavailable = new DatabaseUnavailableError(error);
  res.setHeader('Retry-After', unavailable.retryAfterSeconds);
  sendError(res, HttpStatus.SERVICE_UNAVAILABLE, unavailable.code, unavailable.message);
}
