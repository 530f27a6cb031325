import { plainToInstance, Transform, Type } from 'class-transformer';
import { getMetadataStorage, IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, validateSync } from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase()) : value;
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every environment variable the API and the worker read, validated once at boot.
 * `.env.example` documents each of them.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Type(() => Number) @IsInt() @Min(1) @Max(65535)
  PORT = 3000;

  /** Public origin of the app, used for OAuth callbacks, Checkout return URLs and the Origin check. */
  @Transform(blankToUndefined) @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  APP_URL?: string;

  @IsUrl({ require_tld: false, protocols: ['postgres', 'postgresql'] }, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL: string;

  /** Set by the launcher when it started the embedded PostgreSQL. */
  @Transform(toBoolean) @IsBoolean()
  EMBEDDED_DATABASE = false;

  @Transform(blankToUndefined) @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['redis', 'rediss'] }, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsString({ message: 'SESSION_SECRET must be set' }) @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET: string;

  /** Trust X-Forwarded-* from one proxy hop so that secure cookies work behind TLS termination. */
  @Transform(toBoolean) @IsBoolean()
  TRUST_PROXY = false;

  @Transform(blankToUndefined) @IsOptional() @IsString()
  GOOGLE_CLIENT_ID?: string;

  @Transform(blankToUndefined) @IsOptional() @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  @IsUrl({ require_tld: false })
  GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

  @IsUrl({ require_tld: false })
  GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

  @IsUrl({ require_tld: false })
  GOOGLE_USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';

  @Transform(toBoolean) @IsBoolean()
  SEED_DEMO = false;

  /** Where the embedded start keeps the demo logins it prints at each start. */
  @Transform(blankToUndefined) @IsOptional() @IsString()
  DEMO_CREDENTIALS_FILE?: string;

  /** Built frontend served by the API; unset in API-only deployments. */
  @Transform(blankToUndefined) @IsOptional() @IsString()
  STATIC_DIR?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Type(() => Number) @IsInt() @Min(10)
  OUTBOX_POLL_MS = 250;

  @Type(() => Number) @IsInt() @Min(1) @Max(64)
  WORKER_CONCURRENCY = 4;

  /** Redis key prefix of the queues, so several deployments (or test runs) can share one Redis. */
  @IsString() @MinLength(1)
  QUEUE_PREFIX = 'brandloom';

  /** Failed logins allowed per account and per IP address within LOGIN_THROTTLE_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT = 5;

  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_ATTEMPTS_PER_IP = 20;

  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_THROTTLE_WINDOW_SECONDS = 900;

  get googleConfigured(): boolean {
    return Boolean(this.GOOGLE_CLIENT_ID && this.GOOGLE_CLIENT_SECRET);
  }

  get appUrl(): string {
    return (this.APP_URL ?? `http://localhost:${this.PORT}`).replace(/\/$/, '');
  }

  get queueDriver(): 'bullmq' | 'in-process' {
    return this.REDIS_URL ? 'bullmq' : 'in-process';
  }
}

export class InvalidConfigError extends Error {}

/** Validates the environment; the error names every variable that is missing or wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = new Set(
    getMetadataStorage().getTargetValidationMetadatas(AppConfig, '', true, false).map((m) => m.propertyName),
  );
  const relevant = Object.fromEntries(Object.entries(env).filter(([key, value]) => value !== undefined && known.has(key)));
  const config = plainToInstance(AppConfig, relevant, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new InvalidConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
