import { HttpError } from 'react-admin';

/** The server's message from a failed admin call (react-admin's HttpError carries the JSON body). */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join(', ');
    return error.message;
  }
  return error instanceof Error ? error.message : 'Unknown error';
}
