import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DatabaseUnavailableError, DomainError, isDatabaseUnavailable, type DomainErrorKind } from '@brandloom/core';
import { INPUT_MESSAGES } from '@brandloom/contracts';
import type { NextFunction, Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
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

interface Described {
  statusCode: number;
  message: string | string[];
  details?: Record<string, unknown>;
  retryAfterSeconds?: number;
}

/** Every error leaves as `{ statusCode, message, error }`; a domain error's kind gives its status. */
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
    const { statusCode, message, details, retryAfterSeconds } = this.describe(exception);
    // A stack only for what nobody expected; a third party being unconfigured or down, or the database
    // being out of reach, is one warn line (an anonymous caller must not be able to fill the log with stacks).
    if (statusCode >= 500 && (exception instanceof DomainError || statusCode === HttpStatus.SERVICE_UNAVAILABLE)) {
      this.logger.warn(exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception));
    } else if (statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', Math.ceil(retryAfterSeconds));
    res.status(statusCode).json({ statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', ...details });
  }

  private describe(exception: unknown): Described {
    if (exception instanceof DomainError) {
      return { statusCode: STATUS_OF_KIND[exception.kind], message: exception.message, details: exception.details, retryAfterSeconds: exception.retryAfterSeconds };
    }
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const message = typeof body === 'string' ? body : ((body as { message?: string | string[] }).message ?? exception.message);
      return { statusCode: exception.getStatus(), message };
    }
    // body-parser errors that reach Nest (malformed JSON, too large) carry their own 4xx status.
    const { type, status } = (exception ?? {}) as { type?: string; status?: number };
    if (exception instanceof Error && type && status && status < 500) {
      return { statusCode: status, message: type === 'entity.parse.failed' ? INPUT_MESSAGES.malformedJson : exception.message };
    }
    return { statusCode: 500, message: 'Internal server error' };
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
  sendError(res, HttpStatus.SERVICE_UNAVAILABLE, unavailable.message);
}
