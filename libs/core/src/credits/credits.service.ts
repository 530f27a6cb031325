import { isUuid, CREDITS_MAX_BALANCE, CREDITS_MAX_GRANT, type CreditTransactionFilter, type CreditTransactionStatus, type CreditTransactionType } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { QueryResultRow } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { CREDITS_EVENTS } from './credits.events';
import { OutboxService } from '../infra/outbox/outbox.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { CreditLedgerRepository, type DebitedRow, type DebitStatementParts } from './credit-ledger.repository';
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
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly ledger: CreditLedgerRepository,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async balance(organizationId: string): Promise<number> {
    return this.balanceIn(this.dataSource.manager, organizationId);
  }

  /** The balance, with the organization's row locked until the caller's transaction ends (check, then debit). */
  lockBalance(organizationId: string, manager: EntityManager): Promise<number> {
    return this.organizations.lockCredits(organizationId, manager);
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
          const replay = input.idempotencyKey ? await this.ledger.findByIdempotencyKey(input.organizationId, input.idempotencyKey, m) : null;
          if (!replay || replay.status === 'pending') throw new CreditBalanceLimitError(balance);
          return { transaction: replay, balance, applied: false };
        }
      }
      const inserted = await this.ledger.insertUnlessKeyUsed({ ...input, status }, m);
      if (inserted) {
        if (status !== 'completed') return { transaction: inserted, balance: await this.balanceIn(m, input.organizationId), applied: true };
        return this.addGranted(m, inserted);
      }
      const existing = await this.ledger.lockByIdempotencyKey(input.organizationId, input.idempotencyKey!, m);
      if (existing.status !== 'pending' || status === 'pending') {
        return { transaction: existing, balance: await this.balanceIn(m, input.organizationId), applied: false };
      }
      await this.ledger.setStatus(existing.id, status, m);
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
      const row = await this.ledger.debitAlone(input);
      if (row) return this.debited(this.dataSource.manager, row);
    } catch (error) {
      if (!isUniqueViolation(error) && !isShortfall(error)) throw error;
    }
    const existing = await this.ledger.findByIdempotencyKey(input.organizationId, input.idempotencyKey);
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
    try {
      const row = await this.ledger.debitWithin<QueryResultRow>(input, compose);
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
    const row = await this.ledger.debitInTransaction(input, m);
    if (!row) {
      // Nothing was taken: too few credits, unless the same key won meanwhile.
      const existing = await this.ledger.findByIdempotencyKey(input.organizationId, input.idempotencyKey, m);
      if (existing) return { transaction: existing, balance: await this.balanceIn(m, input.organizationId), applied: false };
      throw new InsufficientCreditsError(input.amount, await this.balanceIn(m, input.organizationId));
    }
    if (!row.id) {
      // The key was used before (a replay, or a concurrent debit that committed first): give the credits back.
      await this.organizations.addCredits(input.organizationId, input.amount, m);
      return this.existing(m, input.organizationId, input.idempotencyKey);
    }
    return this.debited(m, row);
  }

  private debited(m: EntityManager, { balance, ...row }: DebitedRow): CreditsResult {
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
    const rows = await this.ledger.debitMany(organizationId, debits, manager);
    if (rows.length === 0) throw new InsufficientCreditsError(debits.reduce((sum, d) => sum + d.amount, 0), await this.balanceIn(manager, organizationId));
    return rows.map((row) => this.debited(manager, row));
  }

  /** Gives back credits of a debit; all refunds of one debit together never exceed it. */
  async refund(input: RefundCredits, manager?: EntityManager): Promise<CreditsResult> {
    if (input.amount !== undefined) assertWholePositive(input.amount, 'A refund');
    if (!isUuid(input.debitId)) throw new DebitNotFoundError();
    return this.inTransaction(manager, async (m) => {
      // Locking the debit serializes its refunds, so the sum below cannot be outrun.
      const debit = await this.ledger.lockDebit(input.organizationId, input.debitId, m);
      if (!debit) throw new DebitNotFoundError();
      if (input.idempotencyKey) {
        const prior = await this.ledger.findByIdempotencyKey(input.organizationId, input.idempotencyKey, m);
        if (prior) return { transaction: prior, balance: await this.balanceIn(m, input.organizationId), applied: false };
      }
      const refunded = await this.ledger.refundedAgainst(debit.id, m);
      const refundable = -debit.amount - refunded;
      const amount = input.amount ?? refundable;
      if (amount <= 0 || amount > refundable) throw new RefundExceedsDebitError(amount, refundable);
      const row = await this.ledger.insertUnlessKeyUsed({
        organizationId: input.organizationId,
        amount,
        type: 'refund',
        status: 'completed',
        description: input.description ?? 'Refund',
        brandName: debit.brand_name,
        idempotencyKey: input.idempotencyKey,
        reference: input.reference ?? (debit.reference_type && debit.reference_id ? { type: debit.reference_type, id: debit.reference_id } : undefined),
        refundOf: debit.id,
      }, m);
      if (!row) return this.existing(m, input.organizationId, input.idempotencyKey!);
      const balance = await this.organizations.addCredits(input.organizationId, amount, m);
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
    if (query.cursor && (!isUuid(query.cursor) || !(await this.ledger.existsForOrganization(query.cursor, organizationId)))) {
      throw new InvalidCursorError();
    }
    const rows = await this.ledger.findPageForOrganization(organizationId, { type: query.type, after: query.cursor, take: query.limit + 1 });
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
    const balance = await this.organizations.addCredits(transaction.organization_id, transaction.amount, m);
    await this.outbox.record(
      m,
      CREDITS_EVENTS.creditsGranted,
      { transactionId: transaction.id, amount: transaction.amount, type: transaction.type, balance },
      transaction.organization_id,
    );
    return { transaction, balance, applied: true };
  }

  private async existing(m: EntityManager, organizationId: string, idempotencyKey: string): Promise<CreditsResult> {
    const transaction = await this.ledger.getByIdempotencyKey(organizationId, idempotencyKey, m);
    return { transaction, balance: await this.balanceIn(m, organizationId), applied: false };
  }

  private balanceIn(m: EntityManager, organizationId: string): Promise<number> {
    return this.organizations.creditsOf(organizationId, m);
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return manager ? work(manager) : this.dataSource.transaction(work);
  }
}

function assertWholePositive(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`${what} must be a positive whole number of credits`);
}

export type { DebitStatementParts } from './credit-ledger.repository';

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
