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
import { AdminAuditRepository } from '../admin-audit/admin-audit.repository';
import { AdminAudit, type AdminActor } from '../admin-audit/admin-audit.service';
import { AssetsRepository } from '../assets/assets.repository';
import { AuthService } from '../auth/auth.service';
import { CreditLedgerRepository } from '../credits/credit-ledger.repository';
import { InsufficientCreditsError } from '../credits/credits.errors';
import { CreditsService } from '../credits/credits.service';
import { GenerationService } from '../generation/generation.service';
import { GenerationsRepository } from '../generation/generations.repository';
import { ModelRetirementCheck } from '../generation/providers/openai/model-retirement-check';
import { estimateCostUsd } from '../generation/providers/openai/openai-pricing';
import type { Page, PageQuery } from '../infra/database/page-query';
import { OutboxRepository } from '../infra/outbox/outbox.repository';
import { AdNetworks } from '../ad-network/ad-network.registry';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { UsersRepository } from '../users/users.repository';
import { ADMIN_JOB_SOURCES, isAdminJobKind } from './admin-job-sources';
import { AdminInvalidError, AdminNotFoundError, JobRetryConflictError, LastAdministratorError } from './admin.errors';

export type AdminListQuery<S extends string> = PageQuery<S>;
export type AdminPage<T> = Page<T>;

export const ADMIN_USER_SORTS = ['id', 'email', 'username', 'created_at', 'is_admin'] as const;
export const ADMIN_ORGANIZATION_SORTS = ['id', 'name', 'plan_tier', 'credits', 'members', 'created_at'] as const;
export const ADMIN_CREDIT_SORTS = ['id', 'created_at', 'amount', 'type', 'status'] as const;
export const ADMIN_AUDIT_SORTS = ['id', 'created_at', 'action'] as const;
export const ADMIN_JOB_SORTS = ['id', 'created_at'] as const;

/** Generations on the administrators' dashboard. */
const RECENT_ACTIVITY = 10;

/**
 * The Operations list narrowed to one job: its row id (`generation:<uuid>`, `format:<uuid>`,
 * `event:<number>`, ...), or a bare id, which names every kind it fits.
 */
function jobFilter(value: string): { kinds: AdminJobKind[]; id: string } {
  const [kind, id] = value.includes(':') ? (value.split(':', 2) as [string, string]) : [null, value];
  const kinds = ADMIN_JOB_KINDS.filter((k) => (kind === null || k === kind) && ADMIN_JOB_SOURCES[k].idPattern.test(id));
  if (kinds.length === 0) throw new AdminInvalidError(ADMIN_MESSAGES.jobFilterInvalid);
  return { kinds, id };
}

/**
 * What administrators see and do across organizations: counts and recent activity, users (admin
 * status, never removing the last administrator), organizations (credit grants and corrections,
 * never below zero), every ledger row, and the audit trail every action writes.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly userRows: UsersRepository,
    private readonly organizationRows: OrganizationsRepository,
    private readonly generationRows: GenerationsRepository,
    private readonly assetRows: AssetsRepository,
    private readonly ledger: CreditLedgerRepository,
    private readonly auditTrail: AdminAuditRepository,
    private readonly outbox: OutboxRepository,
    private readonly credits: CreditsService,
    private readonly auth: AuthService,
    private readonly audit: AdminAudit,
    private readonly generations: GenerationService,
    private readonly adNetworks: AdNetworks,
    private readonly modelCheck: ModelRetirementCheck,
  ) {}

  async dashboard(): Promise<AdminDashboardResponse> {
    const [users, organizations, generations, assets, recent, metaWarnings] = await Promise.all([
      this.userRows.countAll(),
      this.organizationRows.countAll(),
      this.generationRows.countAll(),
      this.assetRows.countAll(),
      this.generationRows.adminActivity(RECENT_ACTIVITY),
      this.adNetworks.warningsForAdministrators(),
    ]);
    return {
      users,
      organizations,
      generations,
      assets,
      recentActivity: recent.map((g) => ({
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
    const rows = await this.generationRows.adminModelUsage(count);
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
    const { rows, total } = await this.userRows.adminPage(query);
    return { rows: rows.map((u) => ({ ...u, created_at: new Date(u.created_at).toISOString() })), total };
  }

  /** Grants or removes administrator status; the only administrator cannot lose it. */
  async setAdmin(actor: AdminActor, userId: string, isAdmin: unknown): Promise<AdminUserDto> {
    if (typeof isAdmin !== 'boolean') throw new AdminInvalidError(ADMIN_MESSAGES.isAdminBoolean);
    if (!isUuid(userId)) throw new AdminNotFoundError(ADMIN_MESSAGES.userNotFound);
    await this.dataSource.transaction(async (m) => {
      // Every administrator row locked: two admins demoting each other cannot both succeed.
      const admins = await this.userRows.lockAdministrators(m);
      const target = await this.userRows.lockAdminStatus(userId, m);
      if (!target) throw new AdminNotFoundError(ADMIN_MESSAGES.userNotFound);
      if (!isAdmin && target.is_admin && admins.length <= 1) throw new LastAdministratorError(ADMIN_MESSAGES.lastAdmin);
      if (target.is_admin === isAdmin) return;
      await this.auth.setAdminById(m, userId, isAdmin);
      await this.audit.record(m, actor, { action: 'user.admin', targetType: 'user', targetId: userId, before: { is_admin: target.is_admin }, after: { is_admin: isAdmin } });
    });
    return this.user(userId);
  }

  async organizations(query: AdminListQuery<(typeof ADMIN_ORGANIZATION_SORTS)[number]>): Promise<AdminPage<AdminOrganizationDto>> {
    const { rows, total } = await this.organizationRows.adminPage(query);
    return { rows: rows.map((o) => ({ ...o, created_at: new Date(o.created_at).toISOString() })), total };
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
      const exists = await this.organizationRows.exists(organizationId, m);
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
    const { rows, total } = await this.ledger.adminPage(query);
    return { rows: rows.map((t) => ({ ...t, created_at: new Date(t.created_at).toISOString() })), total };
  }

  async auditLog(query: Omit<AdminListQuery<(typeof ADMIN_AUDIT_SORTS)[number]>, 'organizationId'> & { action?: string }): Promise<AdminPage<AdminAuditDto>> {
    const { rows, total } = await this.auditTrail.findPage(query);
    return { rows: rows.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString() })), total };
  }

  /**
   * Background work by kind and state, read from PostgreSQL: every kind ADMIN_JOB_SOURCES declares
   * (generations, brand extractions, format jobs, Meta pushes, outbox events), newest first.
   */
  async jobs(query: AdminListQuery<(typeof ADMIN_JOB_SORTS)[number]> & { kind?: unknown; state?: string; job?: string }): Promise<AdminPage<AdminJobDto>> {
    if (query.kind !== undefined && query.kind !== null && query.kind !== '' && !isAdminJobKind(query.kind)) {
      throw new AdminInvalidError(ADMIN_MESSAGES.jobKindUnknown(ADMIN_JOB_KINDS), ADMIN_JOB_CODES.jobKindUnknown);
    }
    const job = query.job === undefined ? null : jobFilter(query.job);
    const sources = ADMIN_JOB_KINDS.filter((kind) => (!query.kind || query.kind === kind) && (!job || job.kinds.includes(kind))).map((kind) => ADMIN_JOB_SOURCES[kind].sql);
    const { rows, total } = await this.generationRows.adminJobs(sources, { state: query.state || undefined, id: job?.id, ids: query.ids, organizationId: query.organizationId }, query);
    return {
      rows: rows.map((j) => ({
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
      const event = await this.outbox.lockForRetry(id, m);
      if (!event) throw new AdminNotFoundError(ADMIN_MESSAGES.jobNotFound);
      if (!(await this.outbox.unpark(id, m))) throw new JobRetryConflictError(ADMIN_MESSAGES.eventAlreadyRetried, ADMIN_JOB_CODES.eventAlreadyRetried);
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

  /** Per day over the last `days` days (UTC): sign-ups, generations completed and failed, credits granted and used, purchases. */
  async metrics(days: unknown): Promise<AdminMetricsResponse> {
    const count = typeof days === 'string' && /^[0-9]{1,3}$/.test(days) ? Number(days) : typeof days === 'number' ? days : NaN;
    if (!Number.isInteger(count) || count < 1 || count > ADMIN_METRICS_MAX_DAYS) throw new AdminInvalidError(ADMIN_MESSAGES.invalidDays);
    const rows = await this.ledger.adminDailyMetrics(count);
    return { days: rows };
  }

  private async user(id: string): Promise<AdminUserDto> {
    const row = await this.userRows.adminFindById(id);
    if (!row) throw new AdminNotFoundError(ADMIN_MESSAGES.userNotFound);
    return { ...row, created_at: new Date(row.created_at).toISOString() };
  }
}
