import { DomainError, type DomainErrorKind } from '@brandloom/core';
import { SERVICE_MESSAGES } from '@brandloom/contracts';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { QueryFailedError } from 'typeorm';
import type { ArgumentsHost } from '@nestjs/common';
import { databaseUnavailableHandler, DomainErrorFilter, STATUS_OF_KIND } from './domain-error.filter';

class Probe extends DomainError {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function answer(exception: unknown) {
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
  new DomainErrorFilter().catch(exception, { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost);
  return sent;
}

describe('DomainErrorFilter', () => {
  it.each(Object.entries(STATUS_OF_KIND))('answers a %s error with %i and its message', (kind, status) => {
    expect(answer(new Probe(kind as DomainErrorKind, `a ${kind} problem`))).toMatchObject({ status, body: { statusCode: status, message: `a ${kind} problem` } });
  });

  it('adds the details to the body and Retry-After for limits', () => {
    const sent = answer(new Probe('limit', 'Slow down', { errors: [{ row: 2 }] }, 61.2));
    expect(sent.body).toEqual({ statusCode: 429, message: 'Slow down', error: 'Too Many Requests', errors: [{ row: 2 }] });
    expect(sent.headers['Retry-After']).toBe(62);
  });

  it('answers anything else with a 500 that says nothing of the cause', () => {
    expect(answer(new Error('connection string with a password'))).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
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
      expect(sent).toMatchObject({ status: 503, body: { statusCode: 503, message: SERVICE_MESSAGES.databaseUnavailable, error: 'Service Unavailable' } });
      expect(sent.headers['Retry-After']).toBe(5);
    }
  });

  it('keeps a wrong query a 500: only an unreachable database is an outage', () => {
    const wrong = new QueryFailedError('SELECT * FROM nope', [], Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' }));
    expect(answer(wrong)).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
  });

  it('answers a database outage met by the session middleware with 503, and passes anything else on', () => {
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
    const passed: unknown[] = [];
    const next = (error?: unknown) => void passed.push(error);
    databaseUnavailableHandler(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }), {} as never, res as never, next);
    expect(sent).toMatchObject({ status: 503, body: { statusCode: 503, message: SERVICE_MESSAGES.databaseUnavailable, error: 'Service Unavailable' }, headers: { 'Retry-After': 5 } });
    const other = new Error('something else');
    databaseUnavailableHandler(other, {} as never, res as never, next);
    expect(passed).toEqual([other]);
  });
});
