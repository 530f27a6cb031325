import { SIGNED_IN_HINT_COOKIE } from '@brandloom/contracts';

/**
 * Whether this browser may have a session: the server sets a readable hint cookie beside the
 * session cookie and clears it with it. Without it there is no session to find, so the pages skip
 * `/api/auth/user` (which would answer 401, shown by browsers as an error on every anonymous visit).
 */
export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
