import { isUuid, CREDITS_MAX_BALANCE, CREDITS_MAX_GRANT, type CreditTransactionFilter, type CreditTransactionStatus, type CreditTransactionType } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { QueryResultRow } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { CREDITS_EVENTS } from './credits.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { pgPoolOf, queryPrepared } from '../infra/database/prepared-statements';
import { CreditBalanceLimitError, CreditGrantTooLargeError, DebitNotFoundError, InsufficientCreditsError, InvalidCursorError, RefundExceedsDebitError } from './credits.errors';
import { CreditTransaction } from './entities/credit-transaction.entity';

export interface CreditsReference {
  /** What caused the row: 'generation', 'stripe_checkout_session', 'stripe_invoice', 'admin_grant', 'signup', ... */
  type: string;
  id: string;
}

export interface GrantCredits {
  organizationId: string;
  amount: number;
  type: Extract<CreditTransactionType, 'purchase' | 'bonus'>;
  description: string;
  /**
   * The same key twice for one organization applies once. A 'pending' row may later be settled
   * by a grant with the same key and status 'completed' (credits added then) or 'failed'.
   */
  idempotencyKey?: string;
  brandName?: string | null;
  /** 'completed' (default) adds the credits now; 'pending' and 'failed' record the row only. */
  status?: CreditTransactionStatus;
  reference?: CreditsReference;
}

export interface DebitCredits {
  organizationId: string;
  /** Credits to take, a positive whole number. */
  amount: number;
  /** Required: for a generation, its id. The same key twice applies once and returns the first result. */
  idempotencyKey: string;
  description: string;
  brandName?: string | null;
  reference?: CreditsReference;
  /** The API key that spends them (a request to the public API), recorded on the ledger row. */
  apiKeyId?: string | null;
}

export interface RefundCredits {
  organizationId: string;
  debitId: string;
  /** Defaults to everything of the debit not yet refunded. */
  amount?: number;
  description?: string;
  idempotencyKey?: string;
  /** Defaults to the debit's reference. */
  reference?: CreditsReference;
}

export interface CreditsResult {
  transaction: CreditTransaction;
  balance: number;
  /** False when the idempotency key had already been applied: `transaction` is the first one. */
  applied: boolean;
}

export interface TransactionQuery {
  limit: number;
  type: CreditTransactionFilter;
  /** The id of the last row of the previous page. */
  cursor?: string;
}

export interface TransactionPage {
  transactions: CreditTransaction[];
  nextCursor: string | null;
}

const UNIQUE_VIOLATION = '23505';
const CREDITS_SHORTFALL = 'BL402';

/**
 * The only way organizations.credits changes: each operation writes the ledger row, moves the
 * balance with a conditional update (never below zero) and records its outbox event in one
 * transaction.
 */
@Injectable()
export class CreditsService {
  constructor(private readonly dataSource: DataSource, private readonly outbox: OutboxService) {}

  async balance(organizationId: string): Promise<number> {
    return this.balanceIn(this.dataSource.manager, organizationId);
  }

  /** The balance, with the organization's row locked until the caller's transaction ends (check, then debit). */
  async lockBalance(organizationId: string, manager: EntityManager): Promise<number> {
    const [row]: Array<{ credits: number }> = await manager.query(`SELECT credits FROM organizations WHERE id = $1 FOR UPDATE`, [organizationId]);
    return row?.credits ?? 0;
  }

  /**
   * Adds credits; pass `manager` to join the caller's transaction. Credits added now are at most
   * CREDITS_MAX_GRANT and never take the balance past CREDITS_MAX_BALANCE: CreditGrantTooLargeError
   * or CreditBalanceLimitError, checked before anything is written (a replay of an applied key
   * still answers its first result).
   */
  async grant(input: GrantCredits, manager?: EntityManager): Promise<CreditsResult> {
    assertWholePositive(input.amount, 'A grant');
    const status = input.status ?? 'completed';
    if (status === 'completed' && input.amount > CREDITS_MAX_GRANT) throw new CreditGrantTooLargeError();
    return this.inTransaction(manager, async (m) => {
      if (status === 'completed') {
        // The organization's row stays locked until commit: no other grant can use the room checked here.
        const balance = await this.lockBalance(input.organizationId, m);
        if (balance > CREDITS_MAX_BALANCE - input.amount) {
          const replay = input.idempotencyKey ? await m.findOneBy(CreditTransaction, { organization_id: input.organizationId, idempotency_key: input.idempotencyKey }) : null;
          if (!replay || replay.status === 'pending') throw new CreditBalanceLimitError(balance);
          return { transaction: replay, balance, applied: false };
        }
      }
      const inserted = await this.insertLedgerRow(m, { ...input, status });
      if (inserted) {
        if (status !== 'completed') return { transaction: inserted, balance: await this.balanceIn(m, input.organizationId), applied: true };
        return this.addGranted(m, inserted);
      }
      const existing = await m.findOneOrFail(CreditTransaction, {
        where: { organization_id: input.organizationId, idempotency_key: input.idempotencyKey! },
        lock: { mode: 'pessimistic_write' },
      });
      if (existing.status !== 'pending' || status === 'pending') {
        return { transaction: existing, balance: await this.balanceIn(m, input.organizationId), applied: false };
      }
      await m.update(CreditTransaction, { id: existing.id }, { status });
      existing.status = status;
      if (status === 'failed') return { transaction: existing, balance: await this.balanceIn(m, input.organizationId), applied: true };
      return this.addGranted(m, existing);
    });
  }

  /**
   * Takes credits, or throws InsufficientCreditsError and changes nothing. Under any number of
   * concurrent calls with one key, exactly one applies.
   */
  async debit(input: DebitCredits, manager?: EntityManager): Promise<CreditsResult> {
    assertWholePositive(input.amount, 'A debit');
    if (!input.idempotencyKey) throw new RangeError('A debit needs an idempotency key');
    return manager ? this.debitInTransaction(manager, input) : this.debitAlone(input);
  }

  /**
   * A debit on its own is one statement (one round trip, no BEGIN/COMMIT): the statement is atomic,
   * so the balance, the ledger row and the outbox event move together or not at all. A key used
   * before makes the ledger insert violate its unique index, which undoes the whole statement;
   * only then (and when credits are short) is the existing row read. It is a prepared statement:
   * parsing and planning its CTEs cost more than executing them.
   */
  private async debitAlone(input: DebitCredits): Promise<CreditsResult> {
    try {
      const { text, values } = loneDebitStatement(input);
      const rows = await queryPrepared<DebitRow>(pgPoolOf(this.dataSource), text, values);
      if (rows.length > 0) return this.debited(this.dataSource.manager, rows[0]);
    } catch (error) {
      if (!isUniqueViolation(error) && !isShortfall(error)) throw error;
    }
    const existing = await this.dataSource.manager.findOneBy(CreditTransaction, { organization_id: input.organizationId, idempotency_key: input.idempotencyKey });
    const balance = await this.balanceIn(this.dataSource.manager, input.organizationId);
    if (existing) return { transaction: existing, balance, applied: false };
    throw new InsufficientCreditsError(input.amount, balance);
  }

  /**
   * A debit and what it pays for in one statement, outside any transaction (one round trip; the
   * statement is atomic, so the ledger row, the balance, the debit's event and the caller's writes
   * move together or not at all). `compose` gets the debit's CTEs and parameters and returns the
   * whole statement, whose rows must select `parts.balance` AS debit_balance and may use `entry.id`
   * (the ledger row) and parameters after the debit's. Meant for a fresh key (a new row's id): a
   * reused key fails the statement. InsufficientCreditsError when the credits are short, and then
   * nothing is written.
   */
  async debitWithin<T>(input: DebitCredits, compose: (parts: DebitStatementParts) => { text: string; values: unknown[] }): Promise<T & { debit_balance: number }> {
    assertWholePositive(input.amount, 'A debit');
    if (!input.idempotencyKey) throw new RangeError('A debit needs an idempotency key');
    const { text, values } = compose({ ctes: DEBIT_ALONE_CTES, values: debitParameters(input), balance: DEBIT_ALONE_BALANCE });
    try {
      const [row] = await queryPrepared<QueryResultRow>(pgPoolOf(this.dataSource), text, values);
      if (row) return row as T & { debit_balance: number };
    } catch (error) {
      if (!isShortfall(error)) throw error;
    }
    throw new InsufficientCreditsError(input.amount, await this.balance(input.organizationId));
  }

  /**
   * Inside the caller's transaction a failed statement would abort it: conflicts are skipped, not
   * raised. Keys are nearly always fresh (a new generation's id), so the statement runs first and a
   * replay is found by its conflict, not looked up before every debit.
   */
  private async debitInTransaction(m: EntityManager, input: DebitCredits): Promise<CreditsResult> {
    const rows: DebitRow[] = await m.query(DEBIT_IN_TRANSACTION_SQL, debitParameters(input));
    if (rows.length === 0) {
      // Nothing was taken: too few credits, unless the same key won meanwhile.
      const existing = await m.findOneBy(CreditTransaction, { organization_id: input.organizationId, idempotency_key: input.idempotencyKey });
      if (existing) return { transaction: existing, balance: await this.balanceIn(m, input.organizationId), applied: false };
      throw new InsufficientCreditsError(input.amount, await this.balanceIn(m, input.organizationId));
    }
    if (!rows[0].id) {
      // The key was used before (a replay, or a concurrent debit that committed first): give the credits back.
      await m.query(`UPDATE organizations SET credits = credits + $2 WHERE id = $1`, [input.organizationId, input.amount]);
      return this.existing(m, input.organizationId, input.idempotencyKey);
    }
    return this.debited(m, rows[0]);
  }

  private debited(m: EntityManager, { balance, ...row }: DebitRow): CreditsResult {
    return { transaction: m.create(CreditTransaction, row), balance, applied: true };
  }

  /**
   * Several debits of one organization in the caller's transaction and one statement: the balance
   * moves once by their sum (all or none: InsufficientCreditsError when it cannot cover them), each
   * gets its own ledger row and outbox event, as if each had been debited on its own in this order.
   * Meant for fresh keys (a bulk batch's generation ids): a reused key fails the statement.
   */
  async debitMany(organizationId: string, debits: Array<Omit<DebitCredits, 'organizationId'>>, manager: EntityManager): Promise<CreditsResult[]> {
    if (debits.length === 0) return [];
    for (const debit of debits) {
      assertWholePositive(debit.amount, 'A debit');
      if (!debit.idempotencyKey) throw new RangeError('A debit needs an idempotency key');
    }
    const total = debits.reduce((sum, d) => sum + d.amount, 0);
    const rows: Array<DebitRow & { ord: number; event_id: string; reference: unknown }> = await manager.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($3::jsonb) AS d(ord int, amount int, description text, brand_name text, idempotency_key text,
                                                         reference_type text, reference_id text, reference jsonb, event_id uuid, api_key_id uuid)
       ), debited AS (
         UPDATE organizations SET credits = credits - $2, updated_at = now() WHERE id = $1 AND credits >= $2 RETURNING credits
       ), entries AS (
         INSERT INTO credit_ledger (organization_id, amount, type, description, brand_name, status, idempotency_key, reference_type, reference_id, api_key_id)
         SELECT $1, -input.amount, 'usage', input.description, input.brand_name, 'completed', input.idempotency_key, input.reference_type, input.reference_id, input.api_key_id
           FROM input, debited ORDER BY input.ord
         RETURNING *
       ), applied AS (
         -- The balance after each debit, in input order, as if they had been taken one by one.
         SELECT entries.*, input.ord, input.event_id, input.reference,
                (debited.credits + $2 - sum(input.amount) OVER (ORDER BY input.ord))::int AS balance
           FROM entries JOIN input ON input.idempotency_key = entries.idempotency_key, debited
       ), events AS (
         INSERT INTO outbox (event_id, type, organization_id, payload)
         SELECT event_id, $4, $1, jsonb_build_object('transactionId', id, 'amount', -amount, 'balance', balance, 'reference', reference)
           FROM applied ORDER BY ord
       )
       SELECT * FROM applied ORDER BY ord`,
      [
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
      ],
    );
    if (rows.length === 0) throw new InsufficientCreditsError(total, await this.balanceIn(manager, organizationId));
    return rows.map(({ ord: _ord, event_id: _eventId, reference: _reference, ...row }) => this.debited(manager, row));
  }

  /** Gives back credits of a debit; all refunds of one debit together never exceed it. */
  async refund(input: RefundCredits, manager?: EntityManager): Promise<CreditsResult> {
    if (input.amount !== undefined) assertWholePositive(input.amount, 'A refund');
    if (!isUuid(input.debitId)) throw new DebitNotFoundError();
    return this.inTransaction(manager, async (m) => {
      // Locking the debit serializes its refunds, so the sum below cannot be outrun.
      const debit = await m.findOne(CreditTransaction, {
        where: { id: input.debitId, organization_id: input.organizationId, type: 'usage' },
        lock: { mode: 'pessimistic_write' },
      });
      if (!debit) throw new DebitNotFoundError();
      if (input.idempotencyKey) {
        const prior = await m.findOneBy(CreditTransaction, { organization_id: input.organizationId, idempotency_key: input.idempotencyKey });
        if (prior) return { transaction: prior, balance: await this.balanceIn(m, input.organizationId), applied: false };
      }
      const [{ refunded }]: Array<{ refunded: number }> = await m.query(
        `SELECT COALESCE(SUM(amount), 0)::int AS refunded FROM credit_ledger WHERE refund_of = $1`,
        [debit.id],
      );
      const refundable = -debit.amount - refunded;
      const amount = input.amount ?? refundable;
      if (amount <= 0 || amount > refundable) throw new RefundExceedsDebitError(amount, refundable);
      const row = await this.insertLedgerRow(m, {
        organizationId: input.organizationId,
        amount,
        type: 'refund',
        status: 'completed',
        description: input.description ?? 'Refund',
        brandName: debit.brand_name,
        idempotencyKey: input.idempotencyKey,
        reference: input.reference ?? (debit.reference_type && debit.reference_id ? { type: debit.reference_type, id: debit.reference_id } : undefined),
        refundOf: debit.id,
      });
      if (!row) return this.existing(m, input.organizationId, input.idempotencyKey!);
      const [rows]: [Array<{ credits: number }>, number] = await m.query(
        `UPDATE organizations SET credits = credits + $2, updated_at = now() WHERE id = $1 RETURNING credits`,
        [input.organizationId, amount],
      );
      const balance = rows[0].credits;
      await this.outbox.record(m, CREDITS_EVENTS.creditsRefunded, { transactionId: row.id, debitId: debit.id, amount, balance }, input.organizationId);
      return { transaction: row, balance, applied: true };
    });
  }

  /** Bonus credits an administrator grants to their organization (POST /api/credits/add). */
  grantByAdministrator(organizationId: string, adminUserId: string, amount: number, reason?: string): Promise<CreditsResult> {
    const note = reason?.trim();
    return this.grant({
      organizationId,
      amount,
      type: 'bonus',
      description: note ? `Bonus credits: ${note}` : 'Bonus credits added by an administrator',
      reference: { type: 'admin_grant', id: adminUserId },
    });
  }

  /** Newest first, keyset-paged on (created_at, id): served by the credit_ledger_org_*_idx indexes. */
  async listTransactions(organizationId: string, query: TransactionQuery): Promise<TransactionPage> {
    const repository = this.dataSource.getRepository(CreditTransaction);
    const qb = repository.createQueryBuilder('t').where('t.organization_id = :organizationId', { organizationId });
    if (query.type !== 'all') qb.andWhere('t.type = :type', { type: query.type });
    if (query.cursor) {
      if (!isUuid(query.cursor) || !(await repository.existsBy({ id: query.cursor, organization_id: organizationId }))) {
        throw new InvalidCursorError();
      }
      qb.andWhere('(t.created_at, t.id) < (SELECT c.created_at, c.id FROM credit_ledger c WHERE c.id = :cursor)', { cursor: query.cursor });
    }
    const rows = await qb.orderBy('t.created_at', 'DESC').addOrderBy('t.id', 'DESC').limit(query.limit + 1).getMany();
    const transactions = rows.slice(0, query.limit);
    return { transactions, nextCursor: rows.length > query.limit ? transactions[transactions.length - 1].id : null };
  }

  /** Every matching row, newest first, in pages (the CSV export streams these). */
  async *allTransactions(organizationId: string, type: CreditTransactionFilter, pageSize = 500): AsyncGenerator<CreditTransaction[]> {
    let cursor: string | undefined;
    for (;;) {
      const page = await this.listTransactions(organizationId, { limit: pageSize, type, cursor });
      if (page.transactions.length > 0) yield page.transactions;
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }

  private async addGranted(m: EntityManager, transaction: CreditTransaction): Promise<CreditsResult> {
    const [rows]: [Array<{ credits: number }>, number] = await m.query(
      `UPDATE organizations SET credits = credits + $2, updated_at = now() WHERE id = $1 RETURNING credits`,
      [transaction.organization_id, transaction.amount],
    );
    const balance = rows[0].credits;
    await this.outbox.record(
      m,
      CREDITS_EVENTS.creditsGranted,
      { transactionId: transaction.id, amount: transaction.amount, type: transaction.type, balance },
      transaction.organization_id,
    );
    return { transaction, balance, applied: true };
  }

  /** Inserts the row unless its idempotency key was used already (then returns null). */
  private async insertLedgerRow(
    m: EntityManager,
    input: Omit<GrantCredits, 'type'> & { type: CreditTransactionType; refundOf?: string },
  ): Promise<CreditTransaction | null> {
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(CreditTransaction)
      .values({
        organization_id: input.organizationId,
        amount: input.amount,
        type: input.type,
        description: input.description,
        brand_name: input.brandName ?? null,
        status: input.status ?? 'completed',
        idempotency_key: input.idempotencyKey ?? null,
        reference_type: input.reference?.type ?? null,
        reference_id: input.reference?.id ?? null,
        refund_of: input.refundOf ?? null,
      })
      .orIgnore()
      .returning('*')
      .execute();
    const row = result.raw[0];
    return row ? m.create(CreditTransaction, row as CreditTransaction) : null;
  }

  private async existing(m: EntityManager, organizationId: string, idempotencyKey: string): Promise<CreditsResult> {
    const transaction = await m.findOneByOrFail(CreditTransaction, { organization_id: organizationId, idempotency_key: idempotencyKey });
    return { transaction, balance: await this.balanceIn(m, organizationId), applied: false };
  }

  private async balanceIn(m: EntityManager, organizationId: string): Promise<number> {
    const rows: Array<{ credits: number }> = await m.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    return rows[0]?.credits ?? 0;
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return manager ? work(manager) : this.dataSource.transaction(work);
  }
}

function assertWholePositive(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be a positive whole number of credits`);
}

type DebitRow = CreditTransaction & { balance: number };

/**
 * A debit in the caller's transaction as one statement: the conditional balance update (first, so
 * the ledger row's foreign key check finds the organization's row locked by us already: no
 * multixact per concurrent debit), the ledger row and the outbox event. A reused key gives no
 * ledger row instead of an error (an error would abort the caller's transaction).
 */
const DEBIT_IN_TRANSACTION_SQL = `WITH debited AS (
      UPDATE organizations SET credits = credits - $2, updated_at = now() WHERE id = $1 AND credits >= $2 RETURNING credits
    ), entry AS (
      INSERT INTO credit_ledger (organization_id, amount, type, description, brand_name, status, idempotency_key, reference_type, reference_id, api_key_id)
      SELECT $1, -$2::int, 'usage', $3, $4, 'completed', $5, $6, $7, $11::uuid FROM debited
      ON CONFLICT (organization_id, idempotency_key) DO NOTHING
      RETURNING *
    ), event AS (
      INSERT INTO outbox (event_id, type, organization_id, payload)
      SELECT $8::uuid, $9, $1, jsonb_build_object('transactionId', entry.id, 'amount', $2::int, 'balance', debited.credits, 'reference', $10::jsonb)
        FROM entry, debited
    )
    SELECT debited.credits AS balance, entry.* FROM debited LEFT JOIN entry ON true`;

function debitParameters(input: DebitCredits): unknown[] {
  return [
    input.organizationId,
    input.amount,
    input.description,
    input.brandName ?? null,
    input.idempotencyKey,
    input.reference?.type ?? null,
    input.reference?.id ?? null,
    randomUUID(),
    CREDITS_EVENTS.creditsDebited,
    JSON.stringify(input.reference ?? null),
    input.apiKeyId ?? null,
  ];
}

/**
 * A debit on its own, with the ledger row written before the organization's row is locked: under
 * contention on one organization the lock is held for the balance update, the outbox row and the
 * commit only (bench/credits.ts). The ledger row is written when an unlocked read finds the credits;
 * should a concurrent debit take them before the update, credits_shortfall() raises and the whole
 * statement, ledger row included, is undone. No row at all: the credits were short to begin with.
 */
const DEBIT_ALONE_CTES = `entry AS (
      INSERT INTO credit_ledger (organization_id, amount, type, description, brand_name, status, idempotency_key, reference_type, reference_id, api_key_id)
      SELECT $1, -$2::int, 'usage', $3, $4, 'completed', $5, $6, $7, $11::uuid
       WHERE EXISTS (SELECT 1 FROM organizations WHERE id = $1 AND credits >= $2)
      RETURNING *
    ), debited AS (
      UPDATE organizations SET credits = credits - $2, updated_at = now()
       WHERE id = $1 AND credits >= $2 AND EXISTS (SELECT 1 FROM entry)
      RETURNING credits
    ), event AS (
      INSERT INTO outbox (event_id, type, organization_id, payload)
      SELECT $8::uuid, $9, $1, jsonb_build_object('transactionId', entry.id, 'amount', $2::int, 'balance', debited.credits, 'reference', $10::jsonb)
        FROM entry, debited
    )`;

/** The balance after a lone debit; raises (BL402) when a concurrent debit took the credits first. */
const DEBIT_ALONE_BALANCE = 'COALESCE(debited.credits, credits_shortfall())';

const DEBIT_ALONE_SQL = `WITH ${DEBIT_ALONE_CTES}
    SELECT ${DEBIT_ALONE_BALANCE} AS balance, entry.* FROM entry LEFT JOIN debited ON true`;

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

/** The statement and parameters of a debit on its own (exported for bench/credits.ts, which explains it). */
export function loneDebitStatement(input: DebitCredits): { text: string; values: unknown[] } {
  return { text: DEBIT_ALONE_SQL, values: debitParameters(input) };
}

/** TypeORM's QueryFailedError or, for statements sent to the pool directly, node-postgres's own error. */
function errorCode(error: unknown): string | undefined {
  const driverError = error instanceof QueryFailedError ? error.driverError : error;
  return (driverError as { code?: string } | null)?.code;
}

function isUniqueViolation(error: unknown): boolean {
  return errorCode(error) === UNIQUE_VIOLATION;
}

/** credits_shortfall() (migration HotPaths): a concurrent debit took the credits first. */
function isShortfall(error: unknown): boolean {
  return errorCode(error) === CREDITS_SHORTFALL;
}
