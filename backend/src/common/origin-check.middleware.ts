import { AUTH_MESSAGES } from '@brandloom/contracts';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './send-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Signed callbacks, relative to /api: their signature is the check, not where they come from. */
export const SIGNED_CALLBACK_PATHS = ['/stripe/webhook', '/meta/data-deletion'];
/** Whether originCheck asks a request of this method where it comes from. */
export const changesState = (method: string): boolean => !SAFE_METHODS.has(method.toUpperCase());

/** The origin a request claims to come from: its Origin header, or the Referer's origin when the browser sent none. */
function claimedOrigin(req: Request): string | null {
  const origin = req.headers.origin;
  if (origin) return origin;
  const referer = req.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing request must name one of `trusted`
 * (APP_URL's origin, ALLOWED_ORIGINS) in its Origin, or in its Referer when there is no Origin.
 * Never derived from the Host header, which the caller controls. `exemptPaths` (relative to the
 * mount point) are signed callbacks whose signature is the check. Under `bearerPrefix` (the public
 * API, whose routes read no cookie) a request with `Authorization: Bearer …` is the key's own: a
 * browser cannot add that header to a forged cross-site request, so there is no origin to check.
 */
export function originCheck(trusted: readonly string[], exemptPaths: readonly string[] = [], bearerPrefix?: string) {
  const allowed = new Set(trusted);
  const exempt = new Set(exemptPaths);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!changesState(req.method) || exempt.has(req.path)) return next();
    if (bearerPrefix && req.path.startsWith(bearerPrefix) && /^Bearer\s/i.test(req.headers.authorization ?? '')) return next();
    const origin = claimedOrigin(req);
    if (origin && allowed.has(origin)) return next();
    sendError(res, 403, 'foreign_origin', AUTH_MESSAGES.foreignOrigin);
  };
}
