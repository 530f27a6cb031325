import { QueryClient } from '@tanstack/react-query';
import { mockApi } from '../test/utils';
import { ApiError, apiRequest, getErrorMessage, getQueryFn } from './api';
import { setActiveLocale } from './i18n/format';
import { switchLanguage } from './i18n/translate';

describe('apiRequest', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = mockApi({ 'POST /api/things': { status: 201, body: { id: 7 } } });

    await expect(apiRequest('POST', '/api/things', { name: 'x' })).resolves.toEqual({ id: 7 });

    expect(fetchMock).toHaveBeenCalledWith('/api/things', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Accept-Language': 'en-US', 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
    });
  });

  it('tells the server the screens’ language', async () => {
    const fetchMock = mockApi({ 'POST /api/things': { status: 201, body: { id: 7 } } });
    setActiveLocale('de');
    try {
      await apiRequest('POST', '/api/things');
    } finally {
      setActiveLocale('en-US');
    }
    expect(fetchMock).toHaveBeenCalledWith('/api/things', expect.objectContaining({ headers: { 'Accept-Language': 'de' } }));
  });

  it('resolves to undefined on an empty 204 response', async () => {
    mockApi({ 'POST /api/auth/logout': { status: 204 } });
    await expect(apiRequest('POST', '/api/auth/logout')).resolves.toBeUndefined();
  });

  it('throws "status: body" on a non-OK response', async () => {
    mockApi({ 'POST /api/things': { status: 409, body: { message: 'Taken' } } });

    const error = await apiRequest('POST', '/api/things', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Taken"}');
    expect((error as ApiError).status).toBe(409);
  });

  it('uses the status text when the error body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 503, statusText: 'Service Unavailable' })));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  const run = <T,>(queryFn: ReturnType<typeof getQueryFn<T>>, queryKey: string[]) =>
    new QueryClient().fetchQuery({ queryKey, queryFn });

  it('fetches the query key joined as a path, with cookies', async () => {
    const fetchMock = mockApi({ 'GET /api/brand-profiles/42': { body: { id: '42' } } });

    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/brand-profiles', '42'])).resolves.toEqual({ id: '42' });
    expect(fetchMock).toHaveBeenCalledWith('/api/brand-profiles/42', expect.objectContaining({ credentials: 'include' }));
  });

  it('returns null on 401 when asked to', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
    await expect(run(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/auth/user'])).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});

describe('getErrorMessage', () => {
  it('reads a string message from the JSON body', () => {
    const error = new ApiError(401, '{"statusCode":401,"message":"Invalid email or password","error":"Unauthorized"}');
    expect(getErrorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('joins a list of validation messages', () => {
    const error = new ApiError(400, '{"message":["email must be an email","password is too short"]}');
    expect(getErrorMessage(error, 'fallback')).toBe('email must be an email, password is too short');
  });

  it('falls back when the body is not JSON or the error is not from the API', () => {
    expect(getErrorMessage(new ApiError(502, 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(getErrorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});

describe('getErrorMessage in another language', () => {
  afterEach(() => switchLanguage('en-US'));

  const answer = (body: object) => new ApiError(400, JSON.stringify(body));
  const shortPrompt = answer({
    statusCode: 400,
    error: 'Bad Request',
    code: 'validation_failed',
    message: ['Prompt must be at least 5 characters'],
    errors: [{ field: 'prompt', code: 'too_short', message: 'Prompt must be at least 5 characters', params: { min: 5 } }],
  });

  it('keeps the server’s English words in en-US', () => {
    expect(getErrorMessage(shortPrompt, 'x')).toBe('Prompt must be at least 5 characters');
  });

  it('writes the error from its code and params, field by field, in the active language', async () => {
    await switchLanguage('fr');
    expect(getErrorMessage(shortPrompt, 'x')).toBe('prompt\u00a0: doit contenir au moins 5 caractères');
    await switchLanguage('de');
    expect(getErrorMessage(answer({ statusCode: 402, error: 'Payment Required', code: 'insufficient_credits', message: 'Not enough credits' }), 'x')).toBe(
      'Dafür reichen Ihre Credits nicht aus.',
    );
  });

  it('falls back to the server’s message for a code without a translation', async () => {
    await switchLanguage('es');
    expect(getErrorMessage(answer({ statusCode: 409, error: 'Conflict', code: 'a_code_from_a_newer_server', message: 'A folder with this name exists' }), 'x')).toBe(
      'A folder with this name exists',
    );
  });
});
