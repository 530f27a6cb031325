import {
  ADMIN_JOB_KINDS,
  ADMIN_META_WARNING_MESSAGE_CODES,
  type AdminMetaWarningMessageValues,
  type AdminAuditDto,
  type AdminCreditTransactionDto,
  type AdminDashboardResponse,
  type AdminGrantResponse,
  type AdminJobDto,
  type AdminMetaWarningDto,
  type AdminMetricsDay,
  type AdminMetricsResponse,
  type AdminModelUsageDay,
  type AdminModelUsageResponse,
  type AdminOrganizationDto,
  type AdminUserDto,
  CREDIT_TRANSACTION_STATUSES,
  CREDIT_TRANSACTION_TYPES,
  type ModelWarningDto,
  type StandInDto,
  type StandInsResponse,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, componentRef, integer, listOf, nullableText, objectOf, text } from './v1-schemas';

const id = text({ format: 'uuid' });
const time = text({ format: 'date-time' });
const day = text({ format: 'date', description: 'YYYY-MM-DD (UTC)' });
const snapshot: SchemaObject = { type: 'object', additionalProperties: true, nullable: true, description: 'The record’s fields as they were (before) or became (after)' };

/** The admin console's answers (react-admin's simple REST: lists are arrays with a Content-Range header). */
export const ADMIN_SCHEMAS = {
  AdminDashboard: objectOf<AdminDashboardResponse>({
    users: integer(),
    organizations: integer(),
    generations: integer(),
    assets: integer(),
    recentActivity: listOf(objectOf<AdminDashboardResponse['recentActivity'][number]>({ id, prompt: text(), created_at: time, status: text() })),
    metaWarnings: listOf(
      objectOf<AdminMetaWarningDto>({
        kind: text({ enum: ['version_expiring', 'version_retired', 'feature_retired'] }),
        graphVersion: text(),
        message: text({ description: 'In English; messageCode and messageValues say the same in any language' }),
        messageCode: text({ enum: [...ADMIN_META_WARNING_MESSAGE_CODES] }),
        messageValues: objectOf<AdminMetaWarningMessageValues>({
          expiresOn: nullableText({ format: 'date' }),
          metaMessage: nullableText({ description: 'Meta’s own words (English)' }),
        }),
        code: integer({ nullable: true, description: 'The Graph error code Meta answered' }),
        call: nullableText({ description: 'The call Meta refused, ids replaced by {id}' }),
        occurrences: integer(),
        firstSeenAt: nullableText({ format: 'date-time' }),
        lastSeenAt: nullableText({ format: 'date-time' }),
      }),
    ),
    modelWarnings: listOf(
      objectOf<ModelWarningDto>({
        model: text(),
        settings: listOf(text()),
        shutdownDate: nullableText({ format: 'date', description: 'null when the provider no longer lists the model' }),
        gone: boolean(),
        replacement: text(),
        message: text(),
      }),
    ),
  }),
  AdminUser: objectOf<AdminUserDto>({
    id,
    username: text(),
    email: text(),
    avatar_url: nullableText(),
    is_admin: boolean(),
    created_at: time,
    organization_id: nullableText({ format: 'uuid' }),
    organization_name: nullableText(),
  }),
  AdminOrganization: objectOf<AdminOrganizationDto>({ id, name: text(), plan_tier: text(), credits: integer(), members: integer(), created_at: time }),
  AdminCreditTransaction: objectOf<AdminCreditTransactionDto>({
    id,
    organization_id: id,
    organization_name: text(),
    amount: integer({ description: 'Signed: positive adds credits' }),
    type: text({ enum: [...CREDIT_TRANSACTION_TYPES] }),
    status: text({ enum: [...CREDIT_TRANSACTION_STATUSES] }),
    description: nullableText(),
    created_at: time,
  }),
  AdminGrant: objectOf<AdminGrantResponse>({ message: text(), balance: integer({ description: 'The organization’s balance after it' }), transaction: componentRef('AdminCreditTransaction') }),
  AdminAuditEntry: objectOf<AdminAuditDto>({
    id,
    admin_id: nullableText({ format: 'uuid' }),
    admin_email: nullableText(),
    action: text(),
    target_type: text(),
    target_id: nullableText(),
    before: snapshot,
    after: snapshot,
    created_at: time,
  }),
  AdminJob: objectOf<AdminJobDto>({
    id: text({ description: '`kind:id`, unique across kinds' }),
    kind: text({ enum: [...ADMIN_JOB_KINDS] }),
    job_id: text(),
    state: text({ description: 'The job’s status; for events pending, published or parked' }),
    label: text(),
    error: nullableText(),
    attempts: integer({ nullable: true }),
    organization_id: nullableText({ format: 'uuid' }),
    created_at: time,
    updated_at: nullableText({ format: 'date-time' }),
    retried_as: nullableText({ description: 'A retried failed generation: the generation that runs it again' }),
    retry_of: nullableText({ description: 'A generation made by a retry: the failed generation it runs again' }),
  }),
  AdminMetrics: objectOf<AdminMetricsResponse>({
    days: listOf(
      objectOf<AdminMetricsDay>({
        day,
        signups: integer(),
        generations_completed: integer(),
        generations_failed: integer(),
        credits_granted: integer(),
        credits_used: integer(),
        purchases: integer(),
      }),
    ),
  }),
  AdminModelUsage: objectOf<AdminModelUsageResponse>({
    days: listOf(
      objectOf<AdminModelUsageDay>({
        day,
        provider: text(),
        model: nullableText({ description: 'null for the local renderer' }),
        images: integer(),
        inputTokens: integer(),
        outputTokens: integer(),
        estimatedCostUsd: { type: 'number', nullable: true, description: 'USD at the model’s list prices; null when unknown' },
      }),
    ),
  }),
  StandIns: objectOf<StandInsResponse>({
    standIns: listOf(objectOf<StandInDto>({ service: text(), variable: text(), also: listOf(text()), standIn: text() })),
  }),
} satisfies Record<string, SchemaObject>;
