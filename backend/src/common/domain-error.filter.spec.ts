import { DomainError, type DomainErrorKind } from '@brandloom/core';
import type { ArgumentsHost } from '@nestjs/common';
import { DomainErrorFilter, STATUS_OF_KIND } from './domain-error.filter';

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
});
