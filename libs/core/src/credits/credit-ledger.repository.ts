import { substringPattern } from '../infra/database/substring-pattern';
import { readPage, type Page, type PageQuery } from '../infra/database/page-query';
import { isUuid, type CreditTransactionFilter, type CreditTransactionStatus, type CreditTransactionType, type AdminCreditTransactionDto, type AdminMetricsDay } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { QueryResultRow } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { pgPoolOf, queryPrepared } from '../infra/database/prepared-statements';
import { insertOutboxEventsSql } from '../infra/outbox/outbox.repository';
import { organizationHasCreditsSql, takeOrganizationCreditsSql } from '../organizations/organizations.repository';
import { CREDITS_EVENTS } from './credits.events';
import { CreditTransaction } from './entities/credit-transaction.entity';

export interface LedgerReference {
  type: string;
  id: string;
}

/** A ledger row to insert; its idempotency key, when given, is unique per organization. */
export interface NewLedgerRow {
  organizationId: string;
  amount: number;
  type: CreditTransactionType;
  description: string;
  status: CreditTransactionStatus;
  brandName?: string | null;
  idempotencyKey?: string | null;
  reference?: LedgerReference;
  refundOf?: string;
}

/** A debit's ledger row (a 'usage' row of -amount) and its credits.debited event. */
export interface LedgerDebit {
  organizationId: string;
  amount: number;
  idempotencyKey: string;
  description: string;
  brandName?: string | null;
  reference?: LedgerReference;
  /** The API key that spends them (a request to the public API), recorded on the ledger row. */
  apiKeyId?: string | null;
}

/** A debit's ledger row with the organization's balance after it. */
export type DebitedRow = CreditTransaction & { balance: number };

/**
 * What a lone debit puts into a statement that also writes what it pays for (CreditsService.debitWithin):
 * its CTEs (`entry`, the ledger row; `debited`, the organization's new balance; the debit's event),
 * their parameters ($1-$11) and the balance expression the statement must select.
 */
export interface DebitStatementParts {
  ctes: string;
  values: unknown[];
  balance: string;
}

const LEDGER_COLUMNS = 'organization_id, amount, type, description, brand_name, status, idempotency_key, reference_type, reference_id';
/** A debit's ledger row also says which API key spent the credits (null in the app). */
const DEBIT_LEDGER_COLUMNS = `${LEDGER_COLUMNS}, api_key_id`;

/** The debit's event, from the `entry` and `debited` CTEs and the parameters of debitParameters(). */
const DEBIT_EVENT_SQL = insertOutboxEventsSql({ eventId: `$8::uuid`, type: `$9`, payload: `jsonb_build_object('transactionId', entry.id, 'amount', $2::int, 'balance', debited.credits, 'reference', $10::jsonb)`, organizationId: `$1`, from: `entry, debited` });

/**
 * A debit in the caller's transaction as one statement: the conditional balance update (first, so
 * the ledger row's foreign key check finds the organization's row locked by us already: no
 * multixact per concurrent debit), the ledger row and the outbox event. A reused key gives no
 * ledger row instead of an error (an error would abort the caller's transaction).
 */
const DEBIT_IN_TRANSACTION_SQL = `WITH debited AS (
      ${takeOrganizationCreditsSql('$1', '$2')}
    ), entry AS (
      INSERT INTO credit_ledger (${DEBIT_LEDGER_COLUMNS})
      SELECT $1, -$2::int, 'usage', $3, $4, 'completed', $5, $6, $7, $11::uuid FROM debited
      ON CONFLICT (organization_id, idempotency_key) DO NOTHING
      RETURNING *
    ), event AS (
      ${DEBIT_EVENT_SQL}
    )
    SELECT debited.credits AS balance, entry.* FROM debited LEFT JOIN entry ON true`;

/**
 * A debit on its own, with the ledger row written before the organization's row is locked: under
 * contention on one organization the lock is held for the balance update, the outbox row and the
 * commit only (bench/credits.ts). The ledger row is written when an unlocked read finds the credits;
 * should a concurrent debit take them before the update, credits_shortfall() raises and the whole
 * statement, ledger row included, is undone. No row at all: the credits were short to begin with.
 */
const DEBIT_ALONE_CTES = `entry AS (
      INSERT INTO credit_ledger (${DEBIT_LEDGER_COLUMNS})
      SELECT $1, -$2::int, 'usage', $3, $4, 'completed', $5, $6, $7, $11::uuid
       WHERE EXISTS (${organizationHasCreditsSql('$1', '$2')})
      RETURNING *
    ), debited AS (
      ${takeOrganizationCreditsSql('$1', '$2', 'AND EXISTS (SELECT 1 FROM entry)')}
    ), event AS (
      ${DEBIT_EVENT_SQL}
    )`;

/** The balance after a lone debit; raises (BL402) when a concurrent debit took the credits first. */
const DEBIT_ALONE_BALANCE = 'COALESCE(debited.credits, credits_shortfall())';

const DEBIT_ALONE_SQL = `WITH ${DEBIT_ALONE_CTES}
    SELECT ${DEBIT_ALONE_BALANCE} AS balance, entry.* FROM entry LEFT JOIN debited ON true`;

/**
 * Several debits of one organization: the balance moves once by their sum ($2), each gets its own
 * ledger row and event, with the balance after it as if they had been taken one by one in order.
 */
const DEBIT_MANY_SQL = `WITH input AS (
         SELECT * FROM jsonb_to_recordset($3::jsonb) AS d(ord int, amount int, description text, brand_name text, idempotency_key text,
                                                         reference_type text, reference_id text, reference jsonb, event_id uuid, api_key_id uuid)
       ), debited AS (
         ${takeOrganizationCreditsSql('$1', '$2')}
       ), entries AS (
         INSERT INTO credit_ledger (${DEBIT_LEDGER_COLUMNS})
         SELECT $1, -input.amount, 'usage', input.description, input.brand_name, 'completed', input.idempotency_key, input.reference_type, input.reference_id, input.api_key_id
           FROM input, debited ORDER BY input.ord
         RETURNING *
       ), applied AS (
         -- The balance after each debit, in input order, as if they had been taken one by one.
         SELECT entries.*, input.ord, input.event_id, input.reference,
                (debited.credits + $2 - sum(input.amount) OVER (ORDER BY input.ord))::int AS balance
           FROM entries JOIN input ON input.idempotency_key = entries.idempotency_key, debited
       ), events AS (
         ${insertOutboxEventsSql({ eventId: `event_id`, type: `$4`, payload: `jsonb_build_object('transactionId', id, 'amount', -amount, 'balance', balance, 'reference', reference)`, organizationId: `$1`, from: `applied ORDER BY ord` })}
       )
       SELECT * FROM applied ORDER BY ord`;

function debitParameters(debit: LedgerDebit): unknown[] {
  return [
    debit.organizationId,
    debit.amount,
    debit.description,
    debit.brandName ?? null,
    debit.idempotencyKey,
    debit.reference?.type ?? null,
    debit.reference?.id ?? null,
    randomUUID(),
    CREDITS_EVENTS.creditsDebited,
    JSON.stringify(debit.reference ?? null),
    debit.apiKeyId ?? null,
  ];
}

/** The statement and parameters of a debit on its own (exported for bench/credits.ts, which explains it). */
export function loneDebitStatement(debit: LedgerDebit): { text: string; values: unknown[] } {
  return { text: DEBIT_ALONE_SQL, values: debitParameters(debit) };
}

export type LedgerSortColumn = 'id' | 'created_at' | 'amount' | 'type' | 'status';

export type AdminLedgerRow = Omit<AdminCreditTransactionDto, 'created_at'> & { created_at: Date };

/**
 * credit_ledger: one row per change of an organization's credits. The debits write the
 * organization's balance and the debit's outbox event in the same statement, composed from the
 * fragments organizations and the outbox export.
 */
@Injectable()
export class CreditLedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the row unless its idempotency key was used already for the organization (then null). */
  async insertUnlessKeyUsed(row: NewLedgerRow, manager: EntityManager = this.dataSource.manager): Promise<CreditTransaction | null> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(CreditTransaction)
      .values({
        organization_id: row.organizationId,
        amount: row.amount,
        type: row.type,
        description: row.description,
        brand_name: row.brandName ?? null,
        status: row.status,
        idempotency_key: row.idempotencyKey ?? null,
        reference_type: row.reference?.type ?? null,
        reference_id: row.reference?.id ?? null,
        refund_of: row.refundOf ?? null,
      })
      .orIgnore()
      .returning('*')
      .execute();
    const inserted = result.raw[0];
    return inserted ? manager.create(CreditTransaction, inserted as CreditTransaction) : null;
  }

  findByIdempotencyKey(organizationId: string, idempotencyKey: string, manager: EntityManager = this.dataSource.manager): Promise<CreditTransaction | null> {
    return manager.findOneBy(CreditTransaction, { organization_id: organizationId, idempotency_key: idempotencyKey });
  }

  /** The row of a used idempotency key; throws when there is none. */
  getByIdempotencyKey(organizationId: string, idempotencyKey: string, manager: EntityManager = this.dataSource.manager): Promise<CreditTransaction> {
    return manager.findOneByOrFail(CreditTransaction, { organization_id: organizationId, idempotency_key: idempotencyKey });
  }

  /** The row of a used idempotency key, locked until the transaction of `manager` ends; throws when there is none. */
  lockByIdempotencyKey(organizationId: string, idempotencyKey: string, manager: EntityManager): Promise<CreditTransaction> {
    return manager.findOneOrFail(CreditTransaction, {
      where: { organization_id: organizationId, idempotency_key: idempotencyKey },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The organization's debit (a 'usage' row), locked until the transaction of `manager` ends; null when there is none. */
  lockDebit(organizationId: string, debitId: string, manager: EntityManager): Promise<CreditTransaction | null> {
    return manager.findOne(CreditTransaction, {
      where: { id: debitId, organization_id: organizationId, type: 'usage' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The credits refunded so far against a debit. */
  async refundedAgainst(debitId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ refunded }]: Array<{ refunded: number }> = await manager.query(
      `SELECT COALESCE(SUM(amount), 0)::int AS refunded FROM credit_ledger WHERE refund_of = $1`,
      [debitId],
    );
    return refunded;
  }

  async setStatus(id: string, status: CreditTransactionStatus, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(CreditTransaction, { id }, { status });
  }

  existsForOrganization(id: string, organizationId: string): Promise<boolean> {
    return this.dataSource.getRepository(CreditTransaction).existsBy({ id, organization_id: organizationId });
  }

  /**
   * Up to `take` rows of the organization, newest first, of one type or all, after the row `after`
   * (keyset on (created_at, id): served by the credit_ledger_org_*_idx indexes).
   */
  findPageForOrganization(organizationId: string, page: { type: CreditTransactionFilter; after?: string; take: number }): Promise<CreditTransaction[]> {
    const qb = this.dataSource
      .getRepository(CreditTransaction)
      .createQueryBuilder('t')
      .where('t.organization_id = :organizationId', { organizationId });
    if (page.type !== 'all') qb.andWhere('t.type = :type', { type: page.type });
    if (page.after) qb.andWhere('(t.created_at, t.id) < (SELECT c.created_at, c.id FROM credit_ledger c WHERE c.id = :cursor)', { cursor: page.after });
    return qb.orderBy('t.created_at', 'DESC').addOrderBy('t.id', 'DESC').limit(page.take).getMany();
  }

  /**
   * A debit on its own: one statement (named and prepared) outside any transaction. Its row, or
   * none when the credits were short; throws the unique violation of a used key and BL402 when a
   * concurrent debit took the credits first (either way nothing is written).
   */
  async debitAlone(debit: LedgerDebit): Promise<DebitedRow | null> {
    const [row] = await queryPrepared<DebitedRow>(pgPoolOf(this.dataSource), DEBIT_ALONE_SQL, debitParameters(debit));
    return row ?? null;
  }

  /**
   * A debit and what it pays for in one named prepared statement, outside any transaction: `compose`
   * gets the debit's parts and returns the whole statement. Its first row, or none when the credits
   * were short; throws BL402 when a concurrent debit took them first.
   */
  async debitWithin<T extends QueryResultRow>(debit: LedgerDebit, compose: (parts: DebitStatementParts) => { text: string; values: unknown[] }): Promise<T | null> {
    const { text, values } = compose({ ctes: DEBIT_ALONE_CTES, values: debitParameters(debit), balance: DEBIT_ALONE_BALANCE });
    const [row] = await queryPrepared<T>(pgPoolOf(this.dataSource), text, values);
    return row ?? null;
  }

  /**
   * A debit in the caller's transaction: null when the credits were short; a row without `id`
   * when the key was used before (the credits were taken nonetheless: the caller gives them back).
   */
  async debitInTransaction(debit: LedgerDebit, manager: EntityManager): Promise<DebitedRow | null> {
    const rows: DebitedRow[] = await manager.query(DEBIT_IN_TRANSACTION_SQL, debitParameters(debit));
    return rows[0] ?? null;
  }

  /**
   * Several debits of one organization in one statement, all or none: their rows in order, or
   * none when the balance cannot cover their sum. A reused key fails the statement.
   */
  async debitMany(organizationId: string, debits: Array<Omit<LedgerDebit, 'organizationId'>>, manager: EntityManager): Promise<DebitedRow[]> {
    const total = debits.reduce((sum, d) => sum + d.amount, 0);
    const rows: Array<DebitedRow & { ord: number; event_id: string; reference: unknown }> = await manager.query(DEBIT_MANY_SQL, [
      organizationId,
      total,
      JSON.stringify(
        debits.map((d, ord) => ({
          ord,
          amount: d.amount,
          description: d.description,
          brand_name: d.brandName ?? null,
          idempotency_key: d.idempotencyKey,
          reference_type: d.reference?.type ?? null,
          reference_id: d.reference?.id ?? null,
          reference: d.reference ?? null,
          event_id: randomUUID(),
          api_key_id: d.apiKeyId ?? null,
        })),
      ),
      CREDITS_EVENTS.creditsDebited,
    ]);
    return rows.map(({ ord: _ord, event_id: _eventId, reference: _reference, ...row }) => row as DebitedRow);
  }


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
    if (query.ids) conditions.push(`t.id = ANY($${params.push(query.ids.filter(isUuid))}::uuid[])`);
    if (query.organizationId) conditions.push(`t.organization_id = $${params.push(query.organizationId)}`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    return readPage(
      this.dataSource,
      `SELECT t.id, t.organization_id, o.name AS organization_name, t.amount, t.type, t.status, t.description, t.created_at
           FROM credit_ledger t JOIN organizations o ON o.id = t.organization_id
           ${where} ORDER BY t.${query.sort} ${query.order}, t.id ${query.order} OFFSET ${query.offset} LIMIT ${query.limit}`,
      `SELECT count(*)::int AS total FROM credit_ledger t JOIN organizations o ON o.id = t.organization_id ${where}`,
      params,
    );
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
