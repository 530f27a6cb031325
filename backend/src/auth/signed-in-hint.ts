import { SIGNED_IN_HINT_COOKIE } from '@brandloom/contracts';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

/**
 * Keeps the signed-in hint cookie beside the session cookie. On every answer that went through the
 * session (sign-up, sign-in, password reset, Google, any signed-in request sliding the session) it
 * is set while a user is signed in, with the session cookie's lifetime so both expire together, and
 * cleared when the request is not signed in but still carries it (logout, account deletion, a
 * session ended elsewhere or expired). Decided when the headers go out, after the route ran; mounted
 * after passport.session(). Secure like the session cookie: whenever the request came over TLS.
 */
export function signedInHint(sessionMaxAgeMs: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    onHeaders(res, () => {
      const options = { sameSite: 'lax', secure: req.secure, path: '/' } as const;
      if (req.isAuthenticated?.()) res.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...options, maxAge: sessionMaxAgeMs });
      else if (carriesHint(req)) res.clearCookie(SIGNED_IN_HINT_COOKIE, options);
    });
    next();
  };
}

function carriesHint(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
