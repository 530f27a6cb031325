import { ApiError, getErrorMessage } from '../../../lib/api';

/**
 * The description of a failure toast: the server's message when it sent one (for example
 * 'Payments are not configured' or a price id rule message), else the spec's fallback.
 * A 500 carries only a generic 'Internal server error', so it gets the fallback too.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 500) return fallback;
  return getErrorMessage(error, fallback);
}
