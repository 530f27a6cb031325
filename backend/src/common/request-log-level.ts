import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { requestLine } from './log-redaction';

/** Answers to input the API refused (malformed, invalid, too large, wrong type). */
const BAD_INPUT_STATUSES = new Set([400, 413, 415, 422]);

/**
 * The level of a request's log line. Refused input is the client's mistake: warn, never a stack.
 * A third party unconfigured or down (502 to 504): warn. Other 4xx (signed out, not found,
 * throttled, foreign origin) are ordinary answers. Only a 500 is an error.
 */
export function requestLogLevel(statusCode: number, failed = false): 'error' | 'warn' | 'info' {
  if (failed || statusCode === 500) return 'error';
  return statusCode > 500 || BAD_INPUT_STATUSES.has(statusCode) ? 'warn' : 'info';
}

/**
 * The Express middleware that runs before Nest's own (origin check, body parsers, input guard)
 * answers some requests itself, so pino-http (a Nest middleware) never sees them: one line each
 * here, at the same level pino-http would use. Mounted first.
 */
export function logRequestsRefusedEarly() {
  const logger = new Logger('Requests');
  return (req: Request, res: Response, next: NextFunction): void => {
    const startedAt = performance.now();
    res.once('finish', () => {
      // pino-http gives every request it logs an id.
      if ((req as Request & { id?: unknown }).id !== undefined) return;
      const line = requestLine(req.method, req.originalUrl, res.statusCode, performance.now() - startedAt);
      const level = requestLogLevel(res.statusCode);
      if (level === 'info') logger.log(line);
      else logger[level](line);
    });
    next();
  };
}
