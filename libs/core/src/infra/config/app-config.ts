import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { CATALOGUE, DEFAULT_SUPPORT_EMAIL } from '@brandloom/contracts';
import { Validate, ValidateIf, ValidationArguments, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { getMetadataStorage, IsBoolean, IsEmail, IsIn, IsInt, IsNumber, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

/** 'true'/'1'/'yes'/'on' and 'false'/'0'/'no'/'off'/'' (any case); anything else stays a string, so IsBoolean names it. */
const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const word = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(word)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(word)) return false;
  return value;
};
/** An OpenAI model id: letters, digits, dots, dashes, underscores and colons (fine-tuned ids), at most 100 characters. */
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** STRIPE_PRICE_IDS: a JSON object from catalogue product ids to distinct Stripe price ids. */
@ValidatorConstraint({ name: 'stripePriceIds' })
class StripePriceIdsRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return describePriceIdsProblem(value) === '';
  }

  defaultMessage(args: ValidationArguments): string {
    const ids = CATALOGUE.map((p) => p.id).join(', ');
    return `STRIPE_PRICE_IDS ${describePriceIdsProblem(args.value)} (expected JSON such as {"pro_monthly":"price_1AbC..."}; product ids: ${ids})`;
  }
}

function describePriceIdsProblem(value: unknown): string {
  let map: unknown;
  try {
    map = JSON.parse(String(value));
  } catch {
    return 'is not valid JSON';
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) return 'must be a JSON object';
  const known = new Set(CATALOGUE.map((p) => p.id));
  const entries = Object.entries(map as Record<string, unknown>);
  const unknown = entries.find(([id]) => !known.has(id));
  if (unknown) return `names an unknown product '${unknown[0]}'`;
  const notString = entries.find(([, price]) => typeof price !== 'string' || price.trim() === '');
  if (notString) return `gives '${notString[0]}' no price id`;
  if (new Set(entries.map(([, price]) => price)).size !== entries.length) return 'gives two products the same price id';
  return '';
}

/** The Meta Graph API version used unless META_GRAPH_VERSION names another (docs/decisions.md lists what was checked for it). */
export const DEFAULT_META_GRAPH_VERSION = 'v27.0';

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

  /** Further origins (comma-separated, e.g. https://app.example.com) whose pages may change state. */
  @Transform(blankToUndefined) @IsOptional()
  @Matches(/^\s*https?:\/\/[^\s,/]+\s*(,\s*https?:\/\/[^\s,/]+\s*)*$/, { message: 'ALLOWED_ORIGINS must be comma-separated origins such as https://app.example.com' })
  ALLOWED_ORIGINS?: string;

  @IsUrl({ require_tld: false, protocols: ['postgres', 'postgresql'] }, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL: string;

  /** How long a query waits for a database connection before failing (the API then answers 503). */
  @Type(() => Number) @IsInt() @Min(100) @Max(120_000)
  DATABASE_CONNECT_TIMEOUT_MS = 5000;

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

  /** The address users write to about their data (shown on /meta-deletion). */
  @Transform(blankToUndefined) @IsOptional() @IsEmail({}, { message: 'SUPPORT_EMAIL must be an email address such as support@example.com' })
  SUPPORT_EMAIL?: string;

  /** Built frontend served by the API; unset in API-only deployments. */
  @Transform(blankToUndefined) @IsOptional() @IsString()
  STATIC_DIR?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** 'pretty': one short readable line per entry (the default in development); 'json': one JSON object per line (the default otherwise). */
  @Transform(blankToUndefined) @IsOptional() @IsIn(['pretty', 'json'], { message: 'LOG_FORMAT must be pretty or json' })
  LOG_FORMAT?: 'pretty' | 'json';

  /**
   * The longest an API process takes to stop after SIGTERM: requests in flight may finish meanwhile
   * (progress streams are told to reconnect at once); then whatever is still open is cut and it exits.
   * Below the orchestrator's own limit (docker stop waits 10 s).
   */
  @Type(() => Number) @IsInt() @Min(100) @Max(300_000)
  SHUTDOWN_GRACE_MS = 5000;

  @Type(() => Number) @IsInt() @Min(10)
  OUTBOX_POLL_MS = 250;

  @Type(() => Number) @IsInt() @Min(1) @Max(64)
  WORKER_CONCURRENCY = 4;

  /**
   * Generations whose thumbnails may wait for the encoder at once (each holds its originals in
   * memory); past it, a thumbnail is made from its original when first asked for.
   */
  @Type(() => Number) @IsInt() @Min(0) @Max(1000)
  THUMBNAIL_BACKLOG = 32;

  /** Redis key prefix of the queues, so several deployments (or test runs) can share one Redis. */
  @IsString() @MinLength(1)
  QUEUE_PREFIX = 'brandloom';

  /** BullMQ job lock: a job whose worker stopped renewing it (crash, SIGKILL) counts as stalled after this. */
  @Type(() => Number) @IsInt() @Min(500) @Max(600_000)
  QUEUE_LOCK_DURATION_MS = 30_000;

  /** How often a BullMQ worker moves stalled jobs back to the queue (they are then retried). */
  @Type(() => Number) @IsInt() @Min(200) @Max(600_000)
  QUEUE_STALLED_INTERVAL_MS = 30_000;

  /** How long enqueueing a job waits for Redis; a job not enqueued in time stays queued for the sweeper. */
  @Type(() => Number) @IsInt() @Min(100) @Max(120_000)
  QUEUE_ENQUEUE_TIMEOUT_MS = 3000;

  /** How often the generation sweeper runs (re-enqueues lost jobs, settles orphaned generations). */
  @Type(() => Number) @IsInt() @Min(500) @Max(3_600_000)
  GENERATION_SWEEP_EVERY_MS = 60_000;

  /** A queued generation this old is enqueued again by the sweeper (a no-op while the queue knows its job). */
  @Type(() => Number) @IsInt() @Min(1) @Max(86_400)
  GENERATION_REQUEUE_AFTER_SECONDS = 120;

  /** A processing generation whose heartbeat stopped this long ago is settled as failed by the sweeper. */
  @Type(() => Number) @IsInt() @Min(5) @Max(86_400)
  GENERATION_STALE_AFTER_SECONDS = 300;

  /**
   * Failed logins allowed within LOGIN_THROTTLE_WINDOW_SECONDS per account from one client (its
   * address, or a device a login on the account trusted before) and per IP address.
   */
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT = 5;

  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_MAX_ATTEMPTS_PER_IP = 20;

  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_THROTTLE_WINDOW_SECONDS = 900;

  /** Failures of one account from untrusted clients within the window, after which such clients slow down on it. */
  @Type(() => Number) @IsInt() @Min(1)
  LOGIN_ACCOUNT_SLOWDOWN_AFTER = 10;

  /** A slowed-down account takes one login attempt from untrusted clients per this many seconds. */
  @Type(() => Number) @IsInt() @Min(1) @Max(3600)
  LOGIN_ACCOUNT_SLOWDOWN_SECONDS = 30;

  /** Sign-ups (each gets the welcome bonus) allowed per IP address within REGISTRATION_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  REGISTRATION_MAX_PER_IP = 10;

  @Type(() => Number) @IsInt() @Min(1)
  REGISTRATION_WINDOW_SECONDS = 3600;

  // --- Storage (local disk unless S3_BUCKET is set) ---

  /** Root directory of the local-disk storage driver (relative paths resolve from the working directory). */
  @IsString() @MinLength(1)
  STORAGE_DIR = '.data/storage';

  /** Setting a bucket switches storage to S3 (or any S3-compatible server through S3_ENDPOINT). */
  @Transform(blankToUndefined) @IsOptional() @IsString()
  S3_BUCKET?: string;

  /** Endpoint override for MinIO and other S3-compatible servers, e.g. http://minio:9000. */
  @Transform(blankToUndefined) @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  @IsString() @MinLength(1)
  S3_REGION = 'us-east-1';

  /** Static credentials; when unset the AWS SDK's default chain (environment, instance role) is used. */
  @Transform(blankToUndefined) @IsOptional() @IsString()
  S3_ACCESS_KEY_ID?: string;

  @Transform(blankToUndefined) @IsOptional() @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** Path-style addressing (http://host/bucket/key); MinIO needs it. */
  @Transform(toBoolean) @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  /** Create the bucket at start when it does not exist (handy with a fresh MinIO). */
  @Transform(toBoolean) @IsBoolean()
  S3_CREATE_BUCKET = false;

  /** Decoding bound for every image we read (uploads, provider output): width × height above it is refused. */
  @Type(() => Number) @IsInt() @Min(1_000_000) @Max(268_402_689)
  IMAGE_MAX_INPUT_PIXELS = 40_000_000;

  // --- Image provider (by name from the provider registry; OpenAI when OPENAI_API_KEY is set, else the local renderer) ---

  /** The registered image provider that draws images ('openai', 'local'); the registry refuses an unknown name at start. */
  @Transform(blankToUndefined) @IsOptional() @Matches(/^[a-z][a-z0-9-]{0,19}$/, { message: 'IMAGE_PROVIDER must be a provider name such as openai or local' })
  IMAGE_PROVIDER?: string;

  @Transform(blankToUndefined) @IsOptional() @IsString()
  OPENAI_API_KEY?: string;

  /** API base URL, e.g. https://api.openai.com/v1 (the SDK's default) or a local fake in tests. */
  @Transform(blankToUndefined) @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL?: string;

  /** Text-to-image generation: Flare, the fast current model (docs/decisions.md, "OpenAI image models"). */
  @Matches(MODEL_ID, { message: 'OPENAI_IMAGE_MODEL must be an OpenAI model id such as gpt-image-2.6-flare' })
  OPENAI_IMAGE_MODEL = 'gpt-image-2.6-flare';

  /** Generations with reference images (images.edit): Sunburst, the current model made for precise edits. */
  @Matches(MODEL_ID, { message: 'OPENAI_IMAGE_EDIT_MODEL must be an OpenAI model id such as gpt-image-2.6-sunburst' })
  OPENAI_IMAGE_EDIT_MODEL = 'gpt-image-2.6-sunburst';

  /** AI extend (outpainting through images.edit with a mask): Sunburst keeps the original's details. */
  @Matches(MODEL_ID, { message: 'OPENAI_OUTPAINT_MODEL must be an OpenAI model id such as gpt-image-2.6-sunburst' })
  OPENAI_OUTPAINT_MODEL = 'gpt-image-2.6-sunburst';

  /** Per-request timeout; GPT image models can take minutes at high quality. */
  @Type(() => Number) @IsInt() @Min(100)
  OPENAI_TIMEOUT_MS = 300_000;

  /** SDK retries (connection errors, timeouts, 408/409/429/5xx) with exponential backoff. */
  @Type(() => Number) @IsInt() @Min(0) @Max(10)
  OPENAI_MAX_RETRIES = 1;

  /** Stream partial images as live progress (stream: true, partial_images). */
  @Transform(toBoolean) @IsBoolean()
  OPENAI_IMAGE_STREAM = false;

  /** Partial images per image when streaming (0 to 3). */
  @Type(() => Number) @IsInt() @Min(0) @Max(3)
  OPENAI_PARTIAL_IMAGES = 2;

  /** Artificial delay per image of the local renderer, for demos and benchmarks. */
  @Type(() => Number) @IsInt() @Min(0) @Max(600_000)
  LOCAL_RENDERER_DELAY_MS = 0;

  /** Ad formats: smart crop is used only when the crop keeps at least this share of the image (else the image is extended). */
  @Type(() => Number) @IsNumber() @Min(0) @Max(1)
  FORMATS_SMART_CROP_MIN_KEEP = 0.7;

  // --- Payments (Stripe when STRIPE_SECRET_KEY is set; otherwise products are listed and buying answers 503) ---

  @Transform(blankToUndefined) @IsOptional() @IsString()
  STRIPE_SECRET_KEY?: string;

  /** Signing secret of the webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY, or paid credits would never arrive. */
  @Transform(blankToUndefined)
  @ValidateIf((c: AppConfig) => Boolean(c.STRIPE_SECRET_KEY) || c.STRIPE_WEBHOOK_SECRET !== undefined)
  @IsString({ message: 'STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is set' })
  STRIPE_WEBHOOK_SECRET?: string;

  /** Stripe API origin; tests point it at a local fake server. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'STRIPE_API_BASE must be an http(s) URL' })
  STRIPE_API_BASE = 'https://api.stripe.com';

  /** Stripe price id per catalogue product, as JSON; products not named keep price_{product id}. */
  @Transform(blankToUndefined) @IsOptional() @Validate(StripePriceIdsRule)
  STRIPE_PRICE_IDS?: string;

  /** Oldest webhook signature timestamp accepted, in seconds (replay protection). */
  @Type(() => Number) @IsInt() @Min(1) @Max(86_400)
  STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

  // --- Meta ads (connecting a Business account and pushing paused ads; off unless META_APP_ID is set) ---

  @Transform(blankToUndefined) @IsOptional() @IsString()
  META_APP_ID?: string;

  @Transform(blankToUndefined)
  @ValidateIf((c: AppConfig) => Boolean(c.META_APP_ID) || c.META_APP_SECRET !== undefined)
  @IsString({ message: 'META_APP_SECRET must be set when META_APP_ID is set' })
  META_APP_SECRET?: string;

  /** The Graph (Marketing) API version every Meta call and the OAuth dialog use, e.g. v27.0. */
  @Matches(/^v\d{1,3}\.\d$/, { message: 'META_GRAPH_VERSION must be a Graph API version such as v27.0' })
  META_GRAPH_VERSION = DEFAULT_META_GRAPH_VERSION;

  /** The whole Graph API base, version included; unset, https://graph.facebook.com/$META_GRAPH_VERSION. Tests point it at a local fake. */
  @Transform(blankToUndefined) @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'META_GRAPH_URL must be an http(s) URL' })
  META_GRAPH_URL?: string;

  /** The OAuth dialog; unset, https://www.facebook.com/$META_GRAPH_VERSION/dialog/oauth. */
  @Transform(blankToUndefined) @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'META_OAUTH_DIALOG_URL must be an http(s) URL' })
  META_OAUTH_DIALOG_URL?: string;

  /** 32 random bytes, base64 (`openssl rand -base64 32`): encrypts Meta tokens at rest. Required with META_APP_ID. */
  @Transform(blankToUndefined)
  @ValidateIf((c: AppConfig) => Boolean(c.META_APP_ID) || c.META_TOKEN_KEY !== undefined)
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'META_TOKEN_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32), and is required when META_APP_ID is set' })
  META_TOKEN_KEY?: string;

  /** How long POST /api/meta/push-asset waits for its job before answering 202 with the push id. */
  @Type(() => Number) @IsInt() @Min(0) @Max(120_000)
  META_PUSH_WAIT_MS = 30_000;

  /** How often the worker reads pushed ads' results from Meta (6 hours by default; 5 s at least, for tests). */
  @Type(() => Number) @IsInt() @Min(5) @Max(7 * 86_400)
  META_INSIGHTS_SYNC_INTERVAL_SECONDS = 21_600;

  // --- Webhooks (organizations' endpoints, signed deliveries with retries) ---

  /**
   * The wait before the first retry of a failed delivery; each further retry waits twice as long
   * (11 retries: with the default minute they span 34 hours). Tests shorten it.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS = 60_000;

  /** Lets deliveries reach a receiver on 127.0.0.1 or ::1. For tests only: never in production. */
  @Transform(toBoolean) @IsBoolean()
  WEBHOOK_ALLOW_LOOPBACK = false;

  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`): encrypts the endpoints' signing secrets at
   * rest. Unset, a key derived from SESSION_SECRET is used (changing SESSION_SECRET then makes every
   * endpoint's secret unreadable: its deliveries fail until the endpoint is created again).
   */
  @Transform(blankToUndefined) @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'WEBHOOK_SECRET_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)' })
  WEBHOOK_SECRET_KEY?: string;

  // --- Mail (SMTP when SMTP_URL is set; otherwise each message goes to the log and to MAIL_DIR) ---

  /** smtp:// or smtps:// URL with credentials, e.g. smtps://user:pass@smtp.example.com:465. */
  @Transform(blankToUndefined) @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] }, { message: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com:465' })
  SMTP_URL?: string;

  /** Sender of every mail, e.g. "Brandloom <no-reply@example.com>". */
  @Matches(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, { message: 'MAIL_FROM must be an address such as no-reply@example.com or "Brandloom <no-reply@example.com>"' })
  MAIL_FROM = 'Brandloom <no-reply@brandloom.local>';

  /** Directory of the development mail driver (one .eml file per message); used when SMTP_URL is unset. */
  @IsString() @MinLength(1)
  MAIL_DIR = '.data/mail';

  /** Forgot-password requests per IP address within PASSWORD_RESET_WINDOW_SECONDS (429 beyond). */
  @Type(() => Number) @IsInt() @Min(1)
  PASSWORD_RESET_MAX_PER_IP = 20;

  /** Reset mails per account within PASSWORD_RESET_WINDOW_SECONDS (further requests get the same answer and no mail). */
  @Type(() => Number) @IsInt() @Min(1)
  PASSWORD_RESET_MAX_PER_EMAIL = 3;

  @Type(() => Number) @IsInt() @Min(1)
  PASSWORD_RESET_WINDOW_SECONDS = 3600;

  /** Invitation mails (invitations and resends) per organization and invited address within INVITATION_MAIL_WINDOW_SECONDS (429 beyond, no mail). */
  @Type(() => Number) @IsInt() @Min(1)
  INVITATION_MAILS_PER_EMAIL = 3;

  /** Invitation mails per organization within INVITATION_MAIL_WINDOW_SECONDS (429 beyond, no mail). */
  @Type(() => Number) @IsInt() @Min(1)
  INVITATION_MAILS_PER_ORGANIZATION = 50;

  @Type(() => Number) @IsInt() @Min(1)
  INVITATION_MAIL_WINDOW_SECONDS = 3600;

  // --- Calls to paid or rate-limited third parties, per user and per organization (429 beyond) ---

  @Type(() => Number) @IsInt() @Min(1) @Max(86_400)
  PAID_CALL_WINDOW_SECONDS = 60;

  /** Stripe calls (Checkout, customer portal, billing details) within PAID_CALL_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  STRIPE_CALLS_PER_USER = 20;

  @Type(() => Number) @IsInt() @Min(1)
  STRIPE_CALLS_PER_ORGANIZATION = 60;

  /** Meta Graph calls (connect, refresh, campaigns, push) within PAID_CALL_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  META_CALLS_PER_USER = 30;

  @Type(() => Number) @IsInt() @Min(1)
  META_CALLS_PER_ORGANIZATION = 60;

  /** Brand extractions (image fetches and an OpenAI vision call each) within PAID_CALL_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  BRAND_EXTRACTIONS_PER_USER = 10;

  @Type(() => Number) @IsInt() @Min(1)
  BRAND_EXTRACTIONS_PER_ORGANIZATION = 20;

  /** AI ad copy suggestions (one OpenAI text call each, two at most) within PAID_CALL_WINDOW_SECONDS. */
  @Type(() => Number) @IsInt() @Min(1)
  AD_COPY_CALLS_PER_USER = 10;

  @Type(() => Number) @IsInt() @Min(1)
  AD_COPY_CALLS_PER_ORGANIZATION = 30;

  // --- Public API (/api/v1, API keys) ---

  /** Requests per minute of one API key (429 with Retry-After beyond). */
  @Type(() => Number) @IsInt() @Min(1) @Max(100_000)
  API_RATE_LIMIT_PER_MINUTE = 120;

  /** Requests per minute of all of one organization's API keys together. */
  @Type(() => Number) @IsInt() @Min(1) @Max(1_000_000)
  API_ORG_RATE_LIMIT_PER_MINUTE = 600;

  // --- Brand Brain (extraction from brand images) ---

  /** How long POST /api/brand-profiles/extract waits for the extraction job before answering 504. */
  @Type(() => Number) @IsInt() @Min(1000) @Max(600_000)
  BRAND_EXTRACTION_TIMEOUT_MS = 60_000;

  /** Whole-fetch deadline of a brand image URL (redirects included). */
  @Type(() => Number) @IsInt() @Min(100) @Max(120_000)
  BRAND_IMAGE_FETCH_TIMEOUT_MS = 10_000;

  /** Vision model for typography, tone and personality (used when OPENAI_API_KEY is set). */
  @Matches(MODEL_ID, { message: 'OPENAI_VISION_MODEL must be an OpenAI model id such as gpt-6-luna' })
  OPENAI_VISION_MODEL = 'gpt-6-luna';

  /** Per-request timeout of the vision call; on failure the extraction falls back to image statistics. */
  @Type(() => Number) @IsInt() @Min(100) @Max(300_000)
  OPENAI_VISION_TIMEOUT_MS = 30_000;

  // --- Ads ---

  /** Text model that writes ad copy proposals (Responses API, structured output; used when OPENAI_API_KEY is set). */
  @Matches(MODEL_ID, { message: 'OPENAI_COPY_MODEL must be an OpenAI model id such as gpt-6.1-terra' })
  OPENAI_COPY_MODEL = 'gpt-6.1-terra';

  /** Per-request timeout of a copy call (a timeout answers 502 ad_copy_failed). */
  @Type(() => Number) @IsInt() @Min(100) @Max(300_000)
  OPENAI_COPY_TIMEOUT_MS = 30_000;

  get stripeConfigured(): boolean {
    return Boolean(this.STRIPE_SECRET_KEY);
  }

  get stripePriceIds(): Record<string, string> {
    return this.STRIPE_PRICE_IDS ? (JSON.parse(this.STRIPE_PRICE_IDS) as Record<string, string>) : {};
  }

  get metaConfigured(): boolean {
    return Boolean(this.META_APP_ID && this.META_APP_SECRET && this.META_TOKEN_KEY);
  }

  get metaGraphUrl(): string {
    return (this.META_GRAPH_URL ?? `https://graph.facebook.com/${this.META_GRAPH_VERSION}`).replace(/\/$/, '');
  }

  get metaOAuthDialogUrl(): string {
    return this.META_OAUTH_DIALOG_URL ?? `https://www.facebook.com/${this.META_GRAPH_VERSION}/dialog/oauth`;
  }

  /** The version the Graph calls actually go to: META_GRAPH_URL's when it names one, else META_GRAPH_VERSION. */
  get metaGraphVersionInUse(): string {
    return /\/(v\d+\.\d+)(?:\/|$)/.exec(this.metaGraphUrl)?.[1] ?? this.META_GRAPH_VERSION;
  }

  get mailDriver(): 'smtp' | 'development' {
    return this.SMTP_URL ? 'smtp' : 'development';
  }

  get googleConfigured(): boolean {
    return Boolean(this.GOOGLE_CLIENT_ID && this.GOOGLE_CLIENT_SECRET);
  }

  get supportEmail(): string {
    return this.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL;
  }

  get appUrl(): string {
    return (this.APP_URL ?? `http://localhost:${this.PORT}`).replace(/\/$/, '');
  }

  /** Origins allowed to make state-changing requests: APP_URL's, ALLOWED_ORIGINS, and on a loopback APP_URL its three spellings. */
  get trustedOrigins(): string[] {
    const app = new URL(this.appUrl);
    const origins = new Set([app.origin]);
    if (['localhost', '127.0.0.1', '[::1]'].includes(app.hostname)) {
      for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`${app.protocol}//${host}${app.port ? `:${app.port}` : ''}`);
    }
    for (const origin of (this.ALLOWED_ORIGINS ?? '').split(',')) if (origin.trim()) origins.add(new URL(origin.trim()).origin);
    return [...origins];
  }

  get logFormat(): 'pretty' | 'json' {
    return this.LOG_FORMAT ?? (this.NODE_ENV === 'development' ? 'pretty' : 'json');
  }

  get queueDriver(): 'bullmq' | 'in-process' {
    return this.REDIS_URL ? 'bullmq' : 'in-process';
  }

  get storageDriver(): 'local' | 's3' {
    return this.S3_BUCKET ? 's3' : 'local';
  }

  get openaiConfigured(): boolean {
    return Boolean(this.OPENAI_API_KEY);
  }
}

export class InvalidConfigError extends Error {}

/** The name of every environment variable AppConfig reads. */
export function configVariableNames(): string[] {
  return [...new Set(getMetadataStorage().getTargetValidationMetadatas(AppConfig, '', true, false).map((m) => m.propertyName))];
}

/** Validates the environment; the error names every variable that is missing or wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = new Set(configVariableNames());
  const relevant = Object.fromEntries(Object.entries(env).filter(([key, value]) => value !== undefined && known.has(key)));
  const config = plainToInstance(AppConfig, relevant, { enableImplicitConversion: false, exposeDefaultValues: true });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new InvalidConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return config;
}
