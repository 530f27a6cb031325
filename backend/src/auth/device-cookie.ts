import type { Request, Response } from 'express';

/**
 * The device cookie: set by a login that proved the password, it makes this browser a trusted
 * client of that account, counted on its own by the login throttle (failures elsewhere never
 * shut it out). Sent only to /api/auth, never readable by scripts.
 */
export const DEVICE_COOKIE = 'brandloom.device';
const DEVICE_COOKIE_PATH = '/api/auth';
const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 3600 * 1000;

export function deviceTokenOf(req: Request): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === DEVICE_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export function rememberDevice(req: Request, res: Response, token: string): void {
  res.cookie(DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: DEVICE_COOKIE_PATH, maxAge: DEVICE_COOKIE_MAX_AGE_MS, encode: String });
}
