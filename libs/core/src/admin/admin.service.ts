import {
  isUuid,
  ADMIN_ACTIVITY_PROMPT_LENGTH,
  ADMIN_CREDITS_MAX,
  ADMIN_JOB_CODES,
  ADMIN_MESSAGES,
  CREDIT_BOUND_CODES,
  ADMIN_REASON_MAX_LENGTH,
  type AdminAuditDto,
  type AdminCreditTransactionDto,
  type AdminDashboardResponse,
  type AdminGrantResponse,
  type AdminJobDto,
  ADMIN_JOB_KINDS,
  type AdminJobKind,
  type AdminMetricsResponse,
  type AdminModelUsageResponse,
  ADMIN_METRICS_MAX_DAYS,
  type AdminOrganizationDto,
  type AdminUserDto,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AdminAudit, type AdminActor } from '../admin-audit/admin-audit.service';
import { AuthService } from '../auth/auth.service';
import { InsufficientCreditsError } from '../credits/credits.errors';
import { CreditsService } from '../credits/credits.service';
import { GenerationService } from '../generation/generation.service';
import { ModelRetirementCheck } from '../generation/providers/openai/model-retirement-check';
import { estimateCostUsd } from '../generation/providers/openai/openai-pricing';
import { OutboxService } from '../infra/outbox/outbox.service';
import { AdNetworks } from '../ad-network/ad-network.registry';
import { ADMIN_JOB_SOURCES, isAdminJobKind } from './admin-job-sources';
import { AdminInvalidError, AdminNotFoundError, JobRetryConflictError, LastAdministratorError } from './admin.errors';


export interface AdminListQuery<S extends string> {
  sort: S;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  q?: string;
}

export interface AdminPage<T> {
  rows: T[];
  total: number;
}

export const ADMIN_USER_SORTS = ['email', 'username', 'created_at', 'is_admin'] as const;
export const ADMIN_ORGANIZATION_SORTS = ['name', 'plan_tier', 'credits', 'members', 'created_at'] as const;
export const ADMIN_CREDIT_SORTS = ['created_at', 'amount', 'type', 'status'] as const;
export const ADMIN_AUDIT_SORTS = ['created_at', 'action'] as const;
export const ADMIN_JOB_SORTS = ['created_at'] as const;

/** A user with the organization they work in (their oldest membership). */
const USER_SELECT = `SELECT u.id, u.username, u.email, u.avatar_url, u.is_admin, u.created_at, o.id AS organization_id, o.name AS organization_name
  FROM users u
  LEFT JOIN LATERAL (SELECT m.organization_id FROM memberships m WHERE m.user_id = u.id ORDER BY m.created_at LIMIT 1) m ON true
  LEFT JOIN organizations o ON o.id = m.organization_id`;

/**
 * The Operations list narrowed to one job: its row id (`generation:<uuid>`, `format:<uuid>`,
 * `event:<number>`, ...), or a bare id, which names every kind it fits.
 */
function jobFilter(value: string): { kinds: AdminJobKind[]; id: string } {
  const [kind, id] = value.includes(':') ? (value.split(':', 2) as [string, string]) : [null, value];
  const kinds = ADMIN_JOB_KINDS.filter((k) => (kind === null || k === kind) && ADMIN_JOB_SOURCES[k].id.idPattern.test(id));
  if (kinds.length === 0) throw new AdminInvalidError(ADMIN_MESSAGES.jobFilterInvalid);
  return { kinds, id };
}

/** `ILIKE` pattern for a search term, % and _ taken literally. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What administrators see and do across organizations: counts and recent activity, users (admin
 * status, never removing the last administrator), organizations (credit grants and corrections,
 * never below zero), every ledger row, and the audit trail every action writes.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly credits: CreditsService,
    private readonly auth: AuthService,
    private readonly audit: AdminAudit,
    private readonly outbox: OutboxService,
    private readonly generations: GenerationService,
    private readonly adNetworks: AdNetworks,
    private readonly modelCheck: ModelRetirementCheck,
  ) {}

  async dashboard(): Promise<AdminDashboardResponse> {
    const [[counts], recent, metaWarnings] = await Promise.all([
      this.dataSource.query(
        `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM organizations) AS organizations,
                (SELECT count(*)::int FROM generations) AS generations, (SELECT count(*)::int FROM assets) AS assets`,
      ),
      this.dataSource.query(`SELECT id, prompt, created_at, status FROM generations ORDER BY created_at DESC, id DESC LIMIT 10`),
      this.adNetworks.warningsForAdministrators(),
    ]);
    return {
      ...counts,
      recentActivity: recent.map((g: { id: string; prompt: string; created_at: Date; status: string }) => ({
        id: g.id,
        prompt: [...g.prompt].length > ADMIN_ACTIVITY_PROMPT_LENGTH ? `${[...g.prompt].slice(0, ADMIN_ACTIVITY_PROMPT_LENGTH).join('')}...` : g.prompt,
        created_at: new Date(g.created_at).toISOString(),
        status: g.status,
      })),
      metaWarnings,
      modelWarnings: this.modelCheck.latest().warnings,
    };
  }

  /**
   * Images per provider, model and day (UTC) over the last `days` days, generations and AI extend
   * together, with their token counts and estimated cost (the API's usage at the model's prices).
   */
  async modelUsage(days: unknown): Promise<AdminModelUsageResponse> {
    const count = typeof days === 'string' && /^[0-9]{1,3}$/.test(days) ? Number(days) : typeof days === 'number' ? days : NaN;
    if (!Number.isInteger(count) || count < 1 || count > ADMIN_METRICS_MAX_DAYS) throw new AdminInvalidError(ADMIN_MESSAGES.invalidDays);
    const rows: Array<{ day: string; provider: string; model: string | null; images: number; with_usage: number; input_tokens: string; text_tokens: string; image_tokens: string; output_tokens: string }> =
      await this.dataSource.query(
        `WITH calls AS (
           SELECT g.created_at, g.provider, g.model, g.token_usage,
                  g.variation_count - g.credits_refunded / g.cost_per_image AS images
             FROM generations g
            WHERE g.created_at >= (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AND g.status IN ('completed', 'failed')
           UNION ALL
           SELECT f.created_at, f.provider, f.model, f.token_usage, CASE WHEN f.status = 'completed' THEN 1 ELSE 0 END
             FROM format_jobs f
            WHERE f.created_at >= (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AND f.method = 'ai_extend' AND f.status IN ('completed', 'failed')
         )
         SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, provider, model,
                sum(images)::int AS images, count(token_usage)::int AS with_usage,
                coalesce(sum((token_usage ->> 'input_tokens')::bigint), 0) AS input_tokens,
                coalesce(sum((token_usage #>> '{input_tokens_details,text_tokens}')::bigint), 0) AS text_tokens,
                coalesce(sum((token_usage #>> '{input_tokens_details,image_tokens}')::bigint), 0) AS image_tokens,
                coalesce(sum((token_usage ->> 'output_tokens')::bigint), 0) AS output_tokens
           FROM calls GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2, 3`,
        [count],
      );
    return {
      days: rows.map((row) => {
        const usage = { input_tokens: Number(row.input_tokens), output_tokens: Number(row.output_tokens), input_tokens_details: { text_tokens: Number(row.text_tokens), image_tokens: Number(row.image_tokens) } };
        const local = row.model === null && row.with_usage === 0;
        return {
          day: row.day,
          provider: row.provider,
          model: row.model,
          images: row.images,
          inputTokens: usage.input_tokens,
          outputTokens: usage.output_tokens,
          estimatedCostUsd: local ? 0 : row.model && row.with_usage > 0 ? estimateCostUsd(row.model, usage) : null,
        };
      }),
    };
  }

  async users(query: AdminListQuery<(typeof ADMIN_USER_SORTS)[number]>): Promise<AdminPage<AdminUserDto>> {
    const where = query.q ? `WHERE u.email ILIKE $1 ESCAPE '\\' OR u.username ILIKE $1 ESCAPE '\\'` : '';
    const params = query.q ? [like(query.q)] : [];
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `${USER_SELECT} ${where} ORDER BY u.${query.sort} ${query.order}, u.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM users u ${where}`, params),
    ]);
    return { rows: rows.map((u: AdminUserDto & { created_at: Date }) => ({ ...u, created_at: new Date(u.created_at).toISOString() })), total };
  }

  /** Grants or removes administrator status; the only administrator cannot lose it. */
  async setAdmin(actor: AdminActor, userId: string, isAdmin: unknown): Promise<AdminUserDto> {
    if (typeof isAdmin !== 'boolean') throw new AdminInvalidError(ADMIN_MESSAGES.isAdminBoolean);
    if (!isUuid(userId)) throw new AdminNotFoundError(ADMIN_MESSAGES.userNotFound);
    await this.dataSource.transaction(async (m) => {
      // Every administrator row locked: two admins demoting each other cannot both succeed.
      const admins: Array<{ id: string }> = await m.query(`SELECT id FROM users WHERE is_admin ORDER BY id FOR UPDATE`);
      const [target]: Array<{ id: string; is_admin: boolean }> = await m.query(`SELECT id, is_admin FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      if (!target) throw new AdminNotFoundError(ADMIN_MESSAGES.userNotFound);
      if (!isAdmin && target.is_admin && admins.length <= 1) throw new LastAdministratorError(ADMIN_MESSAGES.lastAdmin);
      if (target.is_admin === isAdmin) return;
      await this.auth.setAdminById(m, userId, isAdmin);
      await this.audit.record(m, actor, { action: 'user.admin', targetType: 'user', targetId: userId, before: { is_admin: target.is_admin }, after: { is_admin: isAdmin } });
    });
    return this.user(userId);
  }

  async organizations(query: AdminListQuery<(typeof ADMIN_ORGANIZATION_SORTS)[number]>): Promise<AdminPage<AdminOrganizationDto>> {
    const where = query.q ? `WHERE o.name ILIKE $1 ESCAPE '\\'` : '';
    const params = query.q ? [like(query.q)] : [];
    const sort = query.sort === 'members' ? 'members' : `o.${query.sort}`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT o.id, o.name, o.plan_tier, o.credits, o.created_at, (SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id) AS members
           FROM organizations o ${where} ORDER BY ${sort} ${query.order}, o.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM organizations o ${where}`, params),
    ]);
    return { rows: rows.map((o: AdminOrganizationDto & { created_at: Date }) => ({ ...o, created_at: new Date(o.created_at).toISOString() })), total };
  }

  /**
   * A grant (credits > 0) is a bonus ledger row with the reason as its description; a correction
   * (credits < 0) takes credits back but never below zero. Both are audited with the balances.
   */
  async adjustCredits(actor: AdminActor, organizationId: string, credits: unknown, reason: unknown): Promise<AdminGrantResponse> {
    if (typeof credits !== 'number' || !Number.isInteger(credits) || credits === 0) throw new AdminInvalidError(ADMIN_MESSAGES.creditsNonZero);
    if (Math.abs(credits) > ADMIN_CREDITS_MAX) throw new AdminInvalidError(ADMIN_MESSAGES.creditsTooLarge, CREDIT_BOUND_CODES.grantTooLarge);
    const note = typeof reason === 'string' ? reason.trim() : '';
    if (!note) throw new AdminInvalidError(ADMIN_MESSAGES.reasonRequired);
    if (note.length > ADMIN_REASON_MAX_LENGTH) throw new AdminInvalidError(ADMIN_MESSAGES.reasonTooLong);
    if (!isUuid(organizationId)) throw new AdminNotFoundError(ADMIN_MESSAGES.organizationNotFound);
    const { balance, transactionId } = await this.dataSource.transaction(async (m) => {
      const before = await this.credits.lockBalance(organizationId, m).catch(() => null);
      const [exists] = await m.query(`SELECT 1 FROM organizations WHERE id = $1`, [organizationId]);
      if (!exists || before === null) throw new AdminNotFoundError(ADMIN_MESSAGES.organizationNotFound);
      const reference = { type: credits > 0 ? 'admin_grant' : 'admin_correction', id: actor.id };
      let result;
      try {
        result =
          credits > 0
            ? await this.credits.grant({ organizationId, amount: credits, type: 'bonus', description: note, reference }, m)
            : await this.credits.debit({ organizationId, amount: -credits, idempotencyKey: `admin-correction:${randomUUID()}`, description: note, reference }, m);
      } catch (error) {
        if (error instanceof InsufficientCreditsError) throw new AdminInvalidError(ADMIN_MESSAGES.belowZero(error.available));
        throw error;
      }
      await this.audit.record(m, actor, {
        action: credits > 0 ? 'credits.grant' : 'credits.correct',
        targetType: 'organization',
        targetId: organizationId,
        before: { credits: before },
        after: { credits: result.balance, amount: credits, reason: note },
      });
      return { balance: result.balance, transactionId: result.transaction.id };
    });
    const { rows } = await this.creditTransactions({ sort: 'created_at', order: 'DESC', offset: 0, limit: 1, id: transactionId });
    return { message: ADMIN_MESSAGES.creditsGranted, balance, transaction: rows[0] };
  }

  async creditTransactions(
    query: AdminListQuery<(typeof ADMIN_CREDIT_SORTS)[number]> & { status?: string; type?: string; id?: string },
  ): Promise<AdminPage<AdminCreditTransactionDto>> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) conditions.push(`o.name ILIKE $${params.push(like(query.q))} ESCAPE '\\'`);
    if (query.status) conditions.push(`t.status = $${params.push(query.status)}`);
    if (query.type) conditions.push(`t.type = $${params.push(query.type)}`);
    if (query.id) conditions.push(`t.id = $${params.push(query.id)}`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT t.id, t.organization_id, o.name AS organization_name, t.amount, t.type, t.status, t.description, t.created_at
           FROM credit_ledger t JOIN organizations o ON o.id = t.organization_id
           ${where} ORDER BY t.${query.sort} ${query.order}, t.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM credit_ledger t JOIN organizations o ON o.id = t.organization_id ${where}`, params),
    ]);
    return { rows: rows.map((t: AdminCreditTransactionDto & { created_at: Date }) => ({ ...t, created_at: new Date(t.created_at).toISOString() })), total };
  }

  async auditLog(query: AdminListQuery<(typeof ADMIN_AUDIT_SORTS)[number]> & { action?: string }): Promise<AdminPage<AdminAuditDto>> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) conditions.push(`a.admin_email ILIKE $${params.push(like(query.q))} ESCAPE '\\'`);
    if (query.action) conditions.push(`a.action = $${params.push(query.action)}`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`SELECT a.* FROM admin_audit a ${where} ORDER BY a.${query.sort} ${query.order}, a.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`, params),
      this.dataSource.query(`SELECT count(*)::int AS total FROM admin_audit a ${where}`, params),
    ]);
    return { rows: rows.map((a: AdminAuditDto & { created_at: Date }) => ({ ...a, created_at: new Date(a.created_at).toISOString() })), total };
  }

  /**
   * Background work by kind and state, read from PostgreSQL: every kind ADMIN_JOB_SOURCES declares
   * (generations, brand extractions, format jobs, Meta pushes, outbox events), newest first.
   */
  async jobs(query: AdminListQuery<'created_at'> & { kind?: unknown; state?: string; job?: string }): Promise<AdminPage<AdminJobDto>> {
    if (query.kind !== undefined && query.kind !== null && query.kind !== '' && !isAdminJobKind(query.kind)) {
      throw new AdminInvalidError(ADMIN_MESSAGES.jobKindUnknown(ADMIN_JOB_KINDS), ADMIN_JOB_CODES.jobKindUnknown);
    }
    const params: unknown[] = [];
    const state = query.state ? `$${params.push(query.state)}::text` : null;
    const job = query.job === undefined ? null : jobFilter(query.job);
    const parts = ADMIN_JOB_KINDS.filter((kind) => (!query.kind || query.kind === kind) && (!job || job.kinds.includes(kind))).map((kind) => {
      const source = ADMIN_JOB_SOURCES[kind];
      const conditions = [state && `${source.state} = ${state}`, job && `${source.id.column} = $${params.push(job.id)}::${source.id.type}`].filter(Boolean);
      return conditions.length ? `${source.select} WHERE ${conditions.join(' AND ')}` : source.select;
    });
    if (parts.length === 0) return { rows: [], total: 0 };
    const union = parts.join(' UNION ALL ');
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`SELECT * FROM (${union}) j ORDER BY j.created_at ${query.order}, j.job_id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`, params),
      this.dataSource.query(`SELECT count(*)::int AS total FROM (${union}) j`, params),
    ]);
    return {
      rows: rows.map((j: Omit<AdminJobDto, 'id' | 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date | null }) => ({
        ...j,
        id: `${j.kind}:${j.job_id}`,
        created_at: new Date(j.created_at).toISOString(),
        updated_at: j.updated_at ? new Date(j.updated_at).toISOString() : null,
      })),
      total,
    };
  }

  /**
   * Gives a parked outbox event another run of attempts, or a failed generation another run
   * (audited). Each happens once per failure: the row is locked and its state changed in one
   * transaction, so of concurrent retries one applies and the others answer 409 with a code.
   */
  async retryJob(actor: AdminActor, kind: string, id: string): Promise<{ message: string }> {
    if (kind === 'generation') return this.retryGeneration(actor, id);
    if (kind !== 'event') throw new AdminInvalidError(ADMIN_MESSAGES.jobNotRetryable, ADMIN_JOB_CODES.jobNotRetryable);
    if (!/^[0-9]{1,18}$/.test(id)) throw new AdminNotFoundError(ADMIN_MESSAGES.jobNotFound);
    await this.dataSource.transaction(async (m) => {
      const [event]: Array<{ type: string; parked_at: Date | null; attempts: number }> = await m.query(`SELECT type, parked_at, attempts FROM outbox WHERE id = $1 FOR UPDATE`, [id]);
      if (!event) throw new AdminNotFoundError(ADMIN_MESSAGES.jobNotFound);
      if (!(await this.outbox.unpark(m, id))) throw new JobRetryConflictError(ADMIN_MESSAGES.eventAlreadyRetried, ADMIN_JOB_CODES.eventAlreadyRetried);
      await this.audit.record(m, actor, { action: 'job.retry', targetType: 'event', targetId: id, before: { state: 'parked', attempts: event.attempts, type: event.type }, after: { state: 'pending' } });
    });
    return { message: 'The event will be delivered again' };
  }

  /** Runs a failed generation again as a new one, debited to its organization (audited), once. */
  private async retryGeneration(actor: AdminActor, id: string): Promise<{ message: string }> {
    if (!isUuid(id)) throw new AdminNotFoundError(ADMIN_MESSAGES.jobNotFound);
    await this.generations.retryFailed(id, (m, retry) =>
      this.audit.record(m, actor, { action: 'job.retry', targetType: 'generation', targetId: id, before: { state: 'failed' }, after: { state: retry.status, generation_id: retry.id } }),
    );
    return { message: ADMIN_MESSAGES.generationRetried };
  }

  /**
   * Per day over the last `days` days (UTC): sign-ups, generations completed and failed, credits
   * granted and used, purchases. Credit sums are float8: a day of every organization's grants can
   * pass a 32-bit integer, and float8 holds whole numbers exactly far beyond (and reaches JSON as a number).
   */
  async metrics(days: unknown): Promise<AdminMetricsResponse> {
    const count = typeof days === 'string' && /^[0-9]{1,3}$/.test(days) ? Number(days) : typeof days === 'number' ? days : NaN;
    if (!Number.isInteger(count) || count < 1 || count > ADMIN_METRICS_MAX_DAYS) throw new AdminInvalidError(ADMIN_MESSAGES.invalidDays);
    const rows = await this.dataSource.query(
      `WITH days AS (
         SELECT generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
         (SELECT count(*)::int FROM users u WHERE (u.created_at AT TIME ZONE 'UTC')::date = d.day) AS signups,
         (SELECT count(*)::int FROM generations g WHERE g.status = 'completed' AND (g.completed_at AT TIME ZONE 'UTC')::date = d.day) AS generations_completed,
         (SELECT count(*)::int FROM generations g WHERE g.status = 'failed' AND (g.completed_at AT TIME ZONE 'UTC')::date = d.day) AS generations_failed,
         (SELECT coalesce(sum(t.amount), 0)::float8 FROM credit_ledger t WHERE t.amount > 0 AND t.type IN ('bonus', 'purchase') AND t.status = 'completed' AND (t.created_at AT TIME ZONE 'UTC')::date = d.day) AS credits_granted,
         (SELECT coalesce(-sum(t.amount), 0)::float8 FROM credit_ledger t WHERE t.type = 'usage' AND coalesce(t.reference_type, '') <> 'admin_correction' AND (t.created_at AT TIME ZONE 'UTC')::date = d.day) AS credits_used,
         (SELECT count(*)::int FROM purchases p WHERE p.status = 'completed' AND (p.created_at AT TIME ZONE 'UTC')::date = d.day) AS purchases
       FROM days d ORDER BY d.day`,
      [count],
    );
    return { days: rows };
  }

  private async user(id: string): Promise<AdminUserDto> {
    const [row] = await this.dataSource.query(
      `${USER_SELECT} WHERE u.id = $1`,
      [id],
    );
    if (!row) throw new AdminNotFoundError(ADMIN_MESSAGES.userNotFound);
    return { ...row, created_at: new Date(row.created_at).toISOString() };
  }
}
