import type { AdminCreditTransactionDto, AdminMetricsDay } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Page, PageQuery } from '../infra/database/page-query';
import { substringPattern } from '../infra/database/substring-pattern';

export type LedgerSortColumn = 'created_at' | 'amount' | 'type' | 'status';

export type AdminLedgerRow = Omit<AdminCreditTransactionDto, 'created_at'> & { created_at: Date };

@Injectable()
export class CreditLedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- The dashboard's reads ---

  /** Credits the organization spent since `since`: usage minus refunds (negative when refunds exceed it). */
  async creditsUsedSince(organizationId: string, since: Date, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row]: { used: number }[] = await manager.query(
      `SELECT COALESCE(-sum(amount), 0)::int AS used FROM credit_ledger
        WHERE organization_id = $1 AND type IN ('usage', 'refund') AND created_at >= $2`,
      [organizationId, since],
    );
    return row.used;
  }

  /** creditsUsedSince per UTC day (YYYY-MM-DD), only the days with usage or refunds. */
  async creditsUsedPerDaySince(organizationId: string, since: Date, manager: EntityManager = this.dataSource.manager): Promise<Array<{ day: string; used: number }>> {
    return manager.query(
      `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, (-sum(amount))::int AS used
         FROM credit_ledger
        WHERE organization_id = $1 AND type IN ('usage', 'refund') AND created_at >= $2
        GROUP BY 1`,
      [organizationId, since],
    );
  }

  // --- Administrators' reads (admin console) ---

  /** One page of every organization's ledger rows with the organization's name (search in it), and how many match. */
  async adminPage(query: PageQuery<LedgerSortColumn> & { status?: string; type?: string; id?: string }): Promise<Page<AdminLedgerRow>> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.q) conditions.push(`o.name ILIKE $${params.push(substringPattern(query.q))} ESCAPE '\\'`);
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
    return { rows, total };
  }

  /**
   * Per day over the last `days` days (UTC), oldest first: sign-ups, generations completed and
   * failed, credits granted and used, purchases. Credit sums are float8: a day of every
   * organization's grants can pass a 32-bit integer, and float8 holds whole numbers exactly far
   * beyond (and reaches JSON as a number).
   */
  async adminDailyMetrics(days: number): Promise<AdminMetricsDay[]> {
    return this.dataSource.query(
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
      [days],
    );
  }
}
