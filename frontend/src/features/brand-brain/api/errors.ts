import { getErrorMessage } from '../../../lib/api';

/** The server's message when it sent one, else the error's own message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return getErrorMessage(error, error instanceof Error && error.message ? error.message : fallback);
}
