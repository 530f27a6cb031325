import {
  BrandExtractionFailedError,
  BrandExtractionTimeoutError,
  BrandImagesTooLargeError,
  BulkCsvFileTypeError,
  DomainError,
  GenerationNotFoundError,
  InsufficientCreditsError,
  InvalidCredentialsError,
  MetaPlanRequiredError,
  PaymentProviderError,
  PaymentsNotConfiguredError,
  SubscriptionExistsError,
  TooManyLoginAttemptsError,
  TooManyReferenceImagesError,
  type DomainErrorKind,
} from '@brandloom/core';
import { ERROR_CODES, INPUT_MESSAGES, SERVICE_MESSAGES, type ErrorCode } from '@brandloom/contracts';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import { BadRequestException, ForbiddenException, MethodNotAllowedException, NotFoundException, PayloadTooLargeException, type ArgumentsHost } from '@nestjs/common';
import { databaseUnavailableHandler, DomainErrorFilter, STATUS_OF_KIND } from './domain-error.filter';
import { coded } from './send-error';

class Probe extends DomainError {
  readonly code: ErrorCode = 'request_failed';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A real domain error of each kind (a new kind does not compile until it has one here). */
const ONE_OF_EACH_KIND: Record<DomainErrorKind, DomainError> = {
  invalid: new TooManyReferenceImagesError(),
  unauthorized: new InvalidCredentialsError(),
  payment_required: new InsufficientCreditsError(8, 3),
  forbidden: new MetaPlanRequiredError(),
  not_found: new GenerationNotFoundError(),
  conflict: new SubscriptionExistsError(),
  too_large: new BrandImagesTooLargeError(),
  unsupported_type: new BulkCsvFileTypeError(),
  unprocessable: new BrandExtractionFailedError(),
  limit: new TooManyLoginAttemptsError(60),
  bad_gateway: new PaymentProviderError(),
  unavailable: new PaymentsNotConfiguredError(),
  timeout: new BrandExtractionTimeoutError(),
};

/** A response that keeps what is sent on it: its status, JSON body and headers. */
function recordingResponse() {
  const sent: { status?: number; body?: unknown; headers: Record<string, unknown> } = { headers: {} };
  const res = {
    headersSent: false,
    setHeader: (name: string, value: unknown) => (sent.headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  return { res, sent };
}

function answer(exception: unknown) {
  const { res, sent } = recordingResponse();
  new DomainErrorFilter().catch(exception, { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost);
  return sent;
}

describe('DomainErrorFilter', () => {
  it.each(Object.entries(STATUS_OF_KIND))('answers a %s error with %i, its message and its own code', (kind, status) => {
    const error = ONE_OF_EACH_KIND[kind as DomainErrorKind];
    expect(error.kind).toBe(kind);
    expect(answer(error)).toMatchObject({ status, body: { statusCode: status, message: error.message, code: error.code } });
    expect(ERROR_CODES).toContain(error.code);
  });

  it('adds the details to the body and Retry-After for limits', () => {
    const sent = answer(new Probe('limit', 'Slow down', { errors: [{ row: 2 }] }, 61.2));
    expect(sent.body).toEqual({ statusCode: 429, message: 'Slow down', error: 'Too Many Requests', code: 'request_failed', errors: [{ row: 2 }] });
    expect(sent.headers['Retry-After']).toBe(62);
  });

  it("adds the params a domain error's message names, for a translation to name them too", () => {
    expect(answer(new InsufficientCreditsError(8, 3)).body).toEqual({
      statusCode: 402,
      message: expect.stringContaining('8'),
      error: 'Payment Required',
      code: 'insufficient_credits',
      params: { required: 8, available: 3 },
    });
    expect(answer(new TooManyLoginAttemptsError(600)).body).toMatchObject({ statusCode: 429, code: 'login_attempts_limit', params: { minutes: 10 } });
  });

  it('answers an HTTP exception with the code it carries, and its params and field errors', () => {
    const errors = [{ field: 'prompt', code: 'too_short', params: { min: 5 }, message: 'Prompt must be at least 5 characters' }];
    expect(answer(new BadRequestException(coded('validation_failed', ['Prompt must be at least 5 characters'], { errors }))).body).toEqual({
      statusCode: 400,
      message: ['Prompt must be at least 5 characters'],
      error: 'Bad Request',
      code: 'validation_failed',
      errors,
    });
    expect(answer(new ForbiddenException(coded('admin_required', 'Administrator access required'))).body).toMatchObject({ statusCode: 403, code: 'admin_required' });
  });

  it("gives a framework's HTTP exception without a code the code of its status; an unknown route is route_not_found", () => {
    expect(answer(new NotFoundException('Cannot GET /api/nope')).body).toMatchObject({ statusCode: 404, code: 'route_not_found' });
    expect(answer(new NotFoundException('Nothing here')).body).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(answer(new PayloadTooLargeException()).body).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    expect(answer(new MethodNotAllowedException()).body).toMatchObject({ statusCode: 405, code: 'method_not_allowed' });
    // A code that is not one of ours is not passed on.
    expect(answer(new BadRequestException({ message: 'x', code: 'made_up' })).body).toMatchObject({ statusCode: 400, code: 'bad_request' });
  });

  it('answers body-parser refusals that reach it with their own codes', () => {
    const parser = (type: string, status: number) => Object.assign(new Error('parser says no'), { type, status });
    expect(answer(parser('entity.parse.failed', 400)).body).toMatchObject({ statusCode: 400, code: 'malformed_json', message: INPUT_MESSAGES.malformedJson });
    expect(answer(parser('entity.too.large', 413)).body).toMatchObject({ statusCode: 413, code: 'body_too_large' });
    expect(answer(parser('charset.unsupported', 415)).body).toMatchObject({ statusCode: 415, code: 'body_encoding_unsupported' });
    expect(answer(parser('request.aborted', 400)).body).toMatchObject({ statusCode: 400, code: 'body_unreadable' });
  });

  it('answers anything else with a 500 that says nothing of the cause', () => {
    expect(answer(new Error('connection string with a password'))).toMatchObject({ status: 500, body: { message: 'Internal server error', code: 'internal_error' } });
  });

  it('lists every code once, in snake case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('answers a database outage with 503, its message and Retry-After, whatever layer reports it', async () => {
    // A real refused connection: a port that was just free.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const refused = await new Client({ host: '127.0.0.1', port, user: 'postgres' }).connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    const terminated = new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    const timedOut = new Error('timeout exceeded when trying to connect');
    for (const outage of [refused, terminated, timedOut]) {
      const sent = answer(outage);
      expect(sent).toMatchObject({ status: 503, body: { statusCode: 503, message: SERVICE_MESSAGES.databaseUnavailable, error: 'Service Unavailable', code: 'database_unavailable' } });
      expect(sent.headers['Retry-After']).toBe(5);
    }
  });

  it('keeps a wrong query a 500: only an unreachable database is an outage', () => {
    const wrong = new QueryFailedError('SELECT * FROM nope', [], Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' }));
    expect(answer(wrong)).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
  });

  it('answers a database outage met by the session middleware with 503, and passes anything else on', () => {
    const { res, sent } = recordingResponse();
    const passed: unknown[] = [];
    const next = (error?: unknown) => void passed.push(error);
    databaseUnavailableHandler(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }), {} as never, res as never, next);
    expect(sent).toMatchObject({ status: 503, body: { statusCode: 503, message: SERVICE_MESSAGES.databaseUnavailable, error: 'Service Unavailable', code: 'database_unavailable' }, headers: { 'Retry-After': 5 } });
    const other = new Error('something else');
    databaseUnavailableHandler(other, {} as never, res as never, next);
    expect(passed).toEqual([other]);
  });
});
