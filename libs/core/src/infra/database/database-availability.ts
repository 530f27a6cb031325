import { SERVICE_MESSAGES } from '@brandloom/contracts';
import { DomainError } from '../errors/domain-error';

/** How long a client should wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/** SQLSTATEs of a server that is shutting down, starting or refusing connections (class 08, 57P0x, 53300). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors of a connection attempt or of a connection that the server dropped. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What node-postgres says when a connection dies or cannot be had in time (it sets no code). */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'the database system is',
];

/** The database cannot be reached right now (the filter answers 503; jobs are postponed, not failed). */
export class DatabaseUnavailableError extends DomainError {
  readonly kind = 'unavailable' as const;
  readonly code = 'database_unavailable';
  override readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(cause?: unknown) {
    super(SERVICE_MESSAGES.databaseUnavailable, { cause });
  }
}

/**
 * Whether `error` (a TypeORM QueryFailedError, a node-postgres error, or anything wrapping one as
 * driverError or cause) means that PostgreSQL is unreachable rather than that the query was wrong.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, syscall, driverError, cause, $metadata } = error as {
    code?: unknown;
    message?: unknown;
    syscall?: unknown;
    driverError?: unknown;
    cause?: unknown;
    $metadata?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_SQLSTATES.has(code)) return true;
  // Socket errors of the AWS SDK (storage) carry $metadata: they are not the database's.
  if (typeof code === 'string' && SOCKET_CODES.has(code) && syscall !== undefined && $metadata === undefined) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((text) => message.includes(text))) return true;
  return isDatabaseUnavailable(driverError, depth + 1) || isDatabaseUnavailable(cause, depth + 1);
}
