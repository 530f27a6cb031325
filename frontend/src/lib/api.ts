import type { QueryFunction } from '@tanstack/react-query';
import { activeLocale } from './i18n/format';
import { FALLBACK_LANGUAGE } from './i18n/messages';
import { hasMessage, translate, type MessageValues } from './i18n/translate';

/** A non-OK response. The message is `${status}: ${body text || status text}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new ApiError(res.status, text || res.statusText);
}

async function parseJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiRequest<T = void>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    // The server writes what it sends in the screens' language (mails to others, for instance).
    headers: { 'Accept-Language': activeLocale(), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return parseJson<T>(res);
}

/** Reads the query key as a URL path (`['/api/brand-profiles', id]` → `/api/brand-profiles/{id}`). */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return parseJson<T>(res);
  };
}

export interface ErrorAnswer {
  message?: unknown;
  code?: string;
  params?: MessageValues;
  errors?: { field: string; code: string; params?: MessageValues }[];
}

/**
 * The error in the active language by its stable `code` (and, for invalid fields, each field's
 * code), when the catalogue has it; null otherwise. en-US shows the server's own words.
 */
function translatedError({ code, params, errors }: ErrorAnswer): string | null {
  if (activeLocale() === FALLBACK_LANGUAGE || !code) return null;
  if (code === 'validation_failed' && errors?.length) {
    const fields = errors.map(({ field, code: fieldCode, params: fieldParams }) => {
      const key = `errors.field.${fieldCode}`;
      return hasMessage(key) ? translate('errors.field', { field, problem: translate(key, fieldParams) }) : null;
    });
    if (fields.every((text) => text !== null)) return fields.join(', ');
  }
  const key = `errors.${code}`;
  return hasMessage(key) ? translate(key, params) : null;
}

/**
 * The server's error for the screen: translated by its code in another language than en-US, else
 * the server's `message` (a string or a list of strings), else the fallback.
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    return errorAnswerText(JSON.parse(error.body) as ErrorAnswer, fallback);
  } catch {
    // The body was not JSON (a proxy error page, for instance).
    return fallback;
  }
}

/** An error's words for the screen (getErrorMessage), from the answer's fields, wherever they were stored. */
export function errorAnswerText(answer: ErrorAnswer, fallback: string): string {
  const translated = translatedError(answer);
  if (translated) return translated;
  const { message } = answer;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join(', ');
  return fallback;
}

/** The stable `code` of a server's error answer, if it carried one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const { code } = JSON.parse(error.body) as ErrorAnswer;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
