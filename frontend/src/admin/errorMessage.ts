import { HttpError } from 'react-admin';
import { ApiError, getErrorMessage } from '../lib/api';

/**
 * The server's message from a failed admin call (react-admin's HttpError carries the JSON body): in
 * the active language by its code, as the app's screens say it, else the server's words.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.body && typeof error.body === 'object') {
      const translated = getErrorMessage(new ApiError(error.status, JSON.stringify(error.body)), '');
      if (translated) return translated;
    }
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join(', ');
    return error.message;
  }
  return error instanceof Error ? error.message : 'Unknown error';
}
