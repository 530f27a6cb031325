import { AUTH_MESSAGES } from '@brandloom/contracts';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './send-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from a foreign web page (CSRF defence on top of
 * SameSite=Lax cookies): the Origin must be the app's own origin or the request's host.
 * Requests without an Origin (server-to-server webhooks, curl) pass.
 */
export function originCheck(appUrl: string) {
  const allowed = new URL(appUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || !origin) return next();
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    if (origin === allowed || origin === ownOrigin) return next();
    sendError(res, 403, AUTH_MESSAGES.foreignOrigin);
  };
}
