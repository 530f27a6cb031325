import { CREDITS_MAX_GRANT, type CreditTransactionStatus, type CreditTransactionType } from './credits';
import type { UserDto } from './auth';
import type { ErrorCode } from './error-codes';

/** The admin console's API. Lists follow react-admin's simple REST conventions. */

export const ADMIN_MESSAGES = {
  lastAdmin: 'You are the last administrator: make someone else an administrator before removing your own status.',
  userNotFound: 'User not found',
  organizationNotFound: 'Organization not found',
  creditsNonZero: 'credits must be a whole number other than 0',
  creditsTooLarge: 'credits must be between -1000000 and 1000000',
  reasonRequired: 'A reason is required',
  reasonTooLong: 'The reason must be at most 200 characters',
  belowZero: (balance: number) => `A correction cannot take the balance below zero (the organization has ${balance} credits)`,
  isAdminBoolean: 'is_admin must be true or false',
  userAdminUpdated: 'User admin status updated successfully',
  userAdminFailed: 'Failed to update user admin status',
  creditsGranted: 'Credits granted successfully',
  creditsFailed: 'Failed to grant credits',
  jobNotFound: 'Job not found',
  creditTransactionNotFound: 'Credit transaction not found',
  auditEntryNotFound: 'Audit entry not found',
  jobFilterInvalid: 'filter.id must be a job id such as generation:<uuid>, format:<uuid>, meta_push:<uuid> or event:<number>',
  jobKindUnknown: (kinds: readonly string[]) => `filter.kind must be one of ${kinds.join(', ')}`,
  jobNotRetryable: 'Only parked events and failed generations can be retried',
  generationAlreadyRetried: 'This generation was retried already: it runs again as the generation it links to',
  eventAlreadyRetried: 'This event is not parked: it is being delivered again already',
  jobRetried: 'Retry started',
  generationRetried: 'The generation runs again as a new generation',
  jobRetryFailed: 'Retry failed',
  invalidDays: 'days must be a whole number from 1 to 365',
} as const;

/** The `code` of the console's 409 answers: the retry happened already (one run per failure). */
export const ADMIN_JOB_CODES = {
  generationAlreadyRetried: 'generation_already_retried',
  eventAlreadyRetried: 'event_already_retried',
  jobNotRetryable: 'job_not_retryable',
  jobKindUnknown: 'job_kind_unknown',
} as const satisfies Record<string, ErrorCode>;

/** Largest grant or correction in one go (the business maximum per grant). */
export const ADMIN_CREDITS_MAX = CREDITS_MAX_GRANT;
export const ADMIN_REASON_MAX_LENGTH = 200;
/** Activity prompts are cut to this many characters. */
export const ADMIN_ACTIVITY_PROMPT_LENGTH = 60;

export interface AdminDashboardResponse {
  users: number;
  organizations: number;
  generations: number;
  assets: number;
  recentActivity: Array<{ id: string; prompt: string; created_at: string; status: string }>;
  /** The Meta Graph API version in use is retired or about to be, or Meta refused a call of ours as retired. */
  metaWarnings: AdminMetaWarningDto[];
  /** Configured AI models that shut down within 60 days or are no longer served (the last check's). */
  modelWarnings: ModelWarningDto[];
}

export interface AdminMetaWarningDto {
  /** 'version_expiring' (Meta's version table), 'version_retired' or 'feature_retired' (an answer of Meta's). */
  kind: 'version_expiring' | 'version_retired' | 'feature_retired';
  graphVersion: string;
  /** For administrators, in English: what happened, Meta's words included, and what to change. */
  message: string;
  /** What `message` says, the same in every language, for screens that say it in the reader's language. */
  messageCode: AdminMetaWarningMessageCode;
  /** The values `messageCode` needs besides graphVersion, call and code. */
  messageValues: AdminMetaWarningMessageValues;
  /** The Graph error code Meta answered (null for the version table's notice). */
  code: number | null;
  /** The call Meta refused, ids replaced by {id} (null for the version table's notice). */
  call: string | null;
  occurrences: number;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
}

export const ADMIN_META_WARNING_MESSAGE_CODES = ['version_expires_on', 'version_expired_on', 'version_expired', 'call_refused_retired_version', 'call_refused_retired_feature'] as const;
export type AdminMetaWarningMessageCode = (typeof ADMIN_META_WARNING_MESSAGE_CODES)[number];

export interface AdminMetaWarningMessageValues {
  /** YYYY-MM-DD: the day the version expires or expired (null when Meta's table does not list it). */
  expiresOn: string | null;
  /** Meta's own message, in Meta's words (English); null for the version table's notice. */
  metaMessage: string | null;
}

/** A configured model whose retirement is near: the model, the settings naming it, its shutdown date and its replacement. */
export interface ModelWarningDto {
  model: string;
  settings: string[];
  /** YYYY-MM-DD; null when the model is gone from the provider's list. */
  shutdownDate: string | null;
  gone: boolean;
  replacement: string;
  message: string;
}

/** Images and their estimated cost for one model on one day (UTC), generations and AI extend together. */
export interface AdminModelUsageDay {
  day: string;
  provider: string;
  /** null for the local renderer. */
  model: string | null;
  images: number;
  inputTokens: number;
  outputTokens: number;
  /** USD at the model's list prices; null when the provider answered no usage or its prices are unknown. */
  estimatedCostUsd: number | null;
}

export interface AdminModelUsageResponse {
  days: AdminModelUsageDay[];
}

export interface AdminUserDto extends UserDto {
  organization_id: string | null;
  organization_name: string | null;
}

export interface AdminOrganizationDto {
  id: string;
  name: string;
  plan_tier: string;
  credits: number;
  members: number;
  created_at: string;
}

export interface AdminCreditTransactionDto {
  id: string;
  organization_id: string;
  organization_name: string;
  amount: number;
  type: CreditTransactionType;
  status: CreditTransactionStatus;
  description: string | null;
  created_at: string;
}

export interface AdminGrantResponse {
  message: string;
  balance: number;
  transaction: AdminCreditTransactionDto;
}

export interface AdminAuditDto {
  id: string;
  admin_id: string | null;
  admin_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

/**
 * Every kind of background work Operations lists, one registry: the server reads each kind's rows
 * through the source it declares for it, the console offers each as a filter.
 */
export const ADMIN_JOB_KINDS = ['generation', 'brand_extraction', 'format', 'meta_push', 'event'] as const;
export type AdminJobKind = (typeof ADMIN_JOB_KINDS)[number];
export const ADMIN_METRICS_MAX_DAYS = 365;
/** The console's charts cover the last 30 days. */
export const ADMIN_METRICS_DEFAULT_DAYS = 30;

/** One unit of background work as PostgreSQL knows it (works with and without Redis). */
export interface AdminJobDto {
  /** `${kind}:${id}`, unique across kinds (react-admin needs one id). */
  id: string;
  kind: AdminJobKind;
  job_id: string;
  /** The job's status (generation, extraction, format job, Meta push), or for events: pending, published, parked. */
  state: string;
  label: string;
  error: string | null;
  attempts: number | null;
  organization_id: string | null;
  created_at: string;
  updated_at: string | null;
  /** A retried failed generation: the id of the generation that runs it again (null otherwise). */
  retried_as: string | null;
  /** A generation made by a retry: the id of the failed generation it runs again (null otherwise). */
  retry_of: string | null;
}

export interface AdminMetricsDay {
  day: string;
  signups: number;
  generations_completed: number;
  generations_failed: number;
  credits_granted: number;
  credits_used: number;
  purchases: number;
}

export interface AdminMetricsResponse {
  days: AdminMetricsDay[];
}
