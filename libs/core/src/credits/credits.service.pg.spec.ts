import { CREDITS_EVENTS } from './credits.events';
import { OutboxRepository } from '../infra/outbox/outbox.repository';
import { OutboxService } from '../infra/outbox/outbox.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { createTestDatabase, TestDatabase, waitFor } from '../testing';
import { CREDITS_MAX_BALANCE, CREDITS_MAX_GRANT } from '@brandloom/contracts';
import { CreditBalanceLimitError, CreditGrantTooLargeError, DebitNotFoundError, InsufficientCreditsError, RefundExceedsDebitError } from './credits.errors';
import { CreditLedgerRepository } from './credit-ledger.repository';
import { CreditsService } from './credits.service';

describe('CreditsService (real PostgreSQL)', () => {
  let db: TestDatabase;
  let credits: CreditsService;

  beforeAll(async () => {
    db = await createTestDatabase();
    credits = new CreditsService(db.dataSource, new OutboxService(new OutboxRepository(db.dataSource)), new CreditLedgerRepository(db.dataSource), new OrganizationsRepository(db.dataSource));
  });
  afterAll(() => db.drop());

  const query = <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => db.dataSource.query(sql, params);

  async function organizationWith(balance: number): Promise<string> {
    const [{ id }] = await query<{ id: string }>(`INSERT INTO organizations (name) VALUES ('Test org') RETURNING id`);
    if (balance > 0) await credits.grant({ organizationId: id, amount: balance, type: 'bonus', description: 'Opening balance' });
    return id;
  }

  /** The balance and the sum of the completed ledger rows must always agree. */
  async function ledgerState(organizationId: string) {
    const [{ balance }] = await query(`SELECT credits AS balance FROM organizations WHERE id = $1`, [organizationId]);
    const [{ sum }] = await query(`SELECT COALESCE(SUM(amount), 0)::int AS sum FROM credit_ledger WHERE organization_id = $1 AND status = 'completed'`, [
      organizationId,
    ]);
    return { balance: balance as number, sum: sum as number };
  }

  const outboxCount = async (organizationId: string, type: string) =>
    (await query(`SELECT count(*)::int AS n FROM outbox WHERE organization_id = $1 AND type = $2`, [organizationId, type]))[0].n as number;

  describe('debit', () => {
    it('lets exactly 25 of 200 concurrent debits of 4 through a balance of 100, never going negative', async () => {
      const org = await organizationWith(100);
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => credits.debit({ organizationId: org, amount: 4, idempotencyKey: `gen-${i}`, description: 'Generation' })),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled');
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(succeeded).toHaveLength(25);
      expect(failed).toHaveLength(175);
      for (const f of failed) expect(f.reason).toBeInstanceOf(InsufficientCreditsError);
      expect(await ledgerState(org)).toEqual({ balance: 0, sum: 0 });
      const [{ n }] = await query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`, [org]);
      expect(n).toBe(25);
      expect(await outboxCount(org, CREDITS_EVENTS.creditsDebited)).toBe(25);
    });

    it('applies 50 concurrent uses of one idempotency key once and returns the first result to all', async () => {
      const org = await organizationWith(100);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => credits.debit({ organizationId: org, amount: 7, idempotencyKey: 'generation-abc', description: 'Generation' })),
      );
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
      expect(results.every((r) => r.transaction.amount === -7)).toBe(true);
      expect(await ledgerState(org)).toEqual({ balance: 93, sum: 93 });
      expect(await outboxCount(org, CREDITS_EVENTS.creditsDebited)).toBe(1);

      const again = await credits.debit({ organizationId: org, amount: 7, idempotencyKey: 'generation-abc', description: 'Generation' });
      expect(again).toMatchObject({ applied: false, balance: 93 });
    });

    it("scopes idempotency keys to an organization", async () => {
      const a = await organizationWith(10);
      const b = await organizationWith(10);
      await credits.debit({ organizationId: a, amount: 3, idempotencyKey: 'same-key', description: 'Generation' });
      const other = await credits.debit({ organizationId: b, amount: 3, idempotencyKey: 'same-key', description: 'Generation' });
      expect(other.applied).toBe(true);
      expect((await ledgerState(b)).balance).toBe(7);
    });

    it("answers too few credits with the product's message and writes nothing", async () => {
      const org = await organizationWith(3);
      const attempt = credits.debit({ organizationId: org, amount: 8, idempotencyKey: 'too-much', description: 'Generation' });
      await expect(attempt).rejects.toThrow(new InsufficientCreditsError(8, 3));
      await expect(attempt).rejects.toThrow('Not enough credits. You need 8 credits, but you only have 3.');
      expect(await ledgerState(org)).toEqual({ balance: 3, sum: 3 });
      const [{ n }] = await query(`SELECT count(*)::int AS n FROM credit_ledger WHERE idempotency_key = 'too-much'`);
      expect(n).toBe(0);
    });

    it('undoes the ledger row of a debit whose credits a concurrent debit took while it waited for the lock', async () => {
      const org = await organizationWith(5);
      const holder = db.dataSource.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      try {
        // The first debit holds the organization's row until it commits.
        await credits.debit({ organizationId: org, amount: 5, idempotencyKey: 'first', description: 'Generation' }, holder.manager);
        // The second still reads 5 credits, writes its ledger row, then waits for the lock.
        const second = credits.debit({ organizationId: org, amount: 5, idempotencyKey: 'second', description: 'Generation' });
        await waitFor('the second debit to wait for the lock', async () => {
          const [{ n }] = await query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          return n > 0 ? true : undefined;
        });
        await holder.commitTransaction();
        await expect(second).rejects.toThrow(new InsufficientCreditsError(5, 0));
      } finally {
        if (holder.isTransactionActive) await holder.rollbackTransaction();
        await holder.release();
      }
      expect(await ledgerState(org)).toEqual({ balance: 0, sum: 0 });
      const keys = await query(`SELECT idempotency_key FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`, [org]);
      expect(keys).toEqual([{ idempotency_key: 'first' }]);
      expect(await outboxCount(org, CREDITS_EVENTS.creditsDebited)).toBe(1);
    });

    it("leaves no ledger row when a caller's transaction catches the error and commits", async () => {
      const org = await organizationWith(2);
      await db.dataSource.transaction(async (m) => {
        await expect(credits.debit({ organizationId: org, amount: 5, idempotencyKey: 'inside', description: 'Generation' }, m)).rejects.toThrow(
          InsufficientCreditsError,
        );
      });
      const [{ n }] = await query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1 AND type = 'usage'`, [org]);
      expect(n).toBe(0);
      // The key stays free for a later attempt that can be paid.
      await credits.grant({ organizationId: org, amount: 3, type: 'bonus', description: 'Top-up' });
      expect((await credits.debit({ organizationId: org, amount: 5, idempotencyKey: 'inside', description: 'Generation' }, undefined)).applied).toBe(true);
      expect(await ledgerState(org)).toEqual({ balance: 0, sum: 0 });
    });

    it('refuses amounts that are not positive whole numbers and debits without a key', async () => {
      const org = await organizationWith(10);
      for (const amount of [0, -1, 1.5, Number.NaN]) {
        await expect(credits.debit({ organizationId: org, amount, idempotencyKey: `bad-${amount}`, description: 'x' })).rejects.toThrow(RangeError);
      }
      await expect(credits.debit({ organizationId: org, amount: 1, idempotencyKey: '', description: 'x' })).rejects.toThrow(RangeError);
      expect((await ledgerState(org)).balance).toBe(10);
    });
  });

  describe('debitMany', () => {
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ amount: 2, idempotencyKey: `${prefix}-${i}`, description: `Bulk row ${i}`, reference: { type: 'generation', id: `${prefix}-${i}` } }));

    it('takes every debit in one go with a ledger row and an event each, balances in order', async () => {
      const org = await organizationWith(10);
      const results = await db.dataSource.transaction((m) => credits.debitMany(org, many(3, 'bulk-a'), m));
      expect(results.map((r) => [r.transaction.idempotency_key, r.transaction.amount, r.balance, r.applied])).toEqual([
        ['bulk-a-0', -2, 8, true],
        ['bulk-a-1', -2, 6, true],
        ['bulk-a-2', -2, 4, true],
      ]);
      expect(await ledgerState(org)).toEqual({ balance: 4, sum: 4 });
      const events = await query(`SELECT payload FROM outbox WHERE organization_id = $1 AND type = $2 ORDER BY id`, [org, CREDITS_EVENTS.creditsDebited]);
      expect(events.map((e) => e.payload.balance)).toEqual([8, 6, 4]);
      expect(events[0].payload).toMatchObject({ transactionId: results[0].transaction.id, amount: 2, reference: { type: 'generation', id: 'bulk-a-0' } });
    });

    it('takes nothing when the balance cannot cover all of them', async () => {
      const org = await organizationWith(5);
      const attempt = db.dataSource.transaction((m) => credits.debitMany(org, many(3, 'bulk-b'), m));
      await expect(attempt).rejects.toThrow(new InsufficientCreditsError(6, 5));
      expect(await ledgerState(org)).toEqual({ balance: 5, sum: 5 });
      expect(await outboxCount(org, CREDITS_EVENTS.creditsDebited)).toBe(0);
    });

    it('never goes negative when batches and single debits race on one balance', async () => {
      const org = await organizationWith(20);
      await Promise.allSettled([
        ...Array.from({ length: 4 }, (_, b) => db.dataSource.transaction((m) => credits.debitMany(org, many(3, `race-${b}`), m))),
        ...Array.from({ length: 10 }, (_, i) => credits.debit({ organizationId: org, amount: 2, idempotencyKey: `single-${i}`, description: 'Generation' })),
      ]);
      const state = await ledgerState(org);
      expect(state.balance).toBe(state.sum);
      expect(state.balance).toBeGreaterThanOrEqual(0);
      expect(state.balance).toBeLessThan(2);
    });
  });

  describe('refund', () => {
    it('refunds the rest of a debit by default and never more than it took', async () => {
      const org = await organizationWith(20);
      const { transaction: debit } = await credits.debit({
        organizationId: org,
        amount: 8,
        idempotencyKey: 'gen-r1',
        description: 'Generation',
        brandName: 'Acme',
        reference: { type: 'generation', id: 'gen-r1' },
      });
      const partial = await credits.refund({ organizationId: org, debitId: debit.id, amount: 3 });
      expect(partial.transaction).toMatchObject({ type: 'refund', amount: 3, refund_of: debit.id, brand_name: 'Acme', reference_type: 'generation' });
      await expect(credits.refund({ organizationId: org, debitId: debit.id, amount: 6 })).rejects.toThrow(RefundExceedsDebitError);
      const rest = await credits.refund({ organizationId: org, debitId: debit.id });
      expect(rest.transaction.amount).toBe(5);
      await expect(credits.refund({ organizationId: org, debitId: debit.id })).rejects.toThrow(RefundExceedsDebitError);
      expect(await ledgerState(org)).toEqual({ balance: 20, sum: 20 });
      expect(await outboxCount(org, CREDITS_EVENTS.creditsRefunded)).toBe(2);
    });

    it('never exceeds the debit under 30 concurrent refunds', async () => {
      const org = await organizationWith(10);
      const { transaction: debit } = await credits.debit({ organizationId: org, amount: 8, idempotencyKey: 'gen-r2', description: 'Generation' });
      const results = await Promise.allSettled(Array.from({ length: 30 }, () => credits.refund({ organizationId: org, debitId: debit.id, amount: 1 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(RefundExceedsDebitError);
      const [{ refunded }] = await query(`SELECT SUM(amount)::int AS refunded FROM credit_ledger WHERE refund_of = $1`, [debit.id]);
      expect(refunded).toBe(8);
      expect(await ledgerState(org)).toEqual({ balance: 10, sum: 10 });
    });

    it('applies a refund idempotency key once, also concurrently', async () => {
      const org = await organizationWith(10);
      const { transaction: debit } = await credits.debit({ organizationId: org, amount: 6, idempotencyKey: 'gen-r3', description: 'Generation' });
      const results = await Promise.all(
        Array.from({ length: 10 }, () => credits.refund({ organizationId: org, debitId: debit.id, amount: 2, idempotencyKey: 'refund:gen-r3' })),
      );
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(await ledgerState(org)).toEqual({ balance: 6, sum: 6 });
    });

    it("refuses another organization's debit, unknown ids and non-debits", async () => {
      const mine = await organizationWith(10);
      const theirs = await organizationWith(10);
      const { transaction: debit } = await credits.debit({ organizationId: theirs, amount: 2, idempotencyKey: 'gen-r4', description: 'Generation' });
      await expect(credits.refund({ organizationId: mine, debitId: debit.id })).rejects.toThrow(DebitNotFoundError);
      await expect(credits.refund({ organizationId: mine, debitId: 'not-a-uuid' })).rejects.toThrow(DebitNotFoundError);
      const { transaction: grant } = await credits.grant({ organizationId: mine, amount: 1, type: 'bonus', description: 'x' });
      await expect(credits.refund({ organizationId: mine, debitId: grant.id })).rejects.toThrow(DebitNotFoundError);
      expect((await ledgerState(theirs)).balance).toBe(8);
    });
  });

  describe('grant', () => {
    it('records a pending purchase without credits and settles it once', async () => {
      const org = await organizationWith(0);
      const input = { organizationId: org, amount: 60, type: 'purchase' as const, description: 'Medium credit pack', idempotencyKey: 'stripe:session:cs_1' };
      const pending = await credits.grant({ ...input, status: 'pending' });
      expect(pending.transaction.status).toBe('pending');
      expect(await ledgerState(org)).toEqual({ balance: 0, sum: 0 });
      expect((await credits.grant({ ...input, status: 'pending' })).applied).toBe(false);

      const settled = await Promise.all(Array.from({ length: 10 }, () => credits.grant({ ...input, status: 'completed' })));
      expect(settled.filter((r) => r.applied)).toHaveLength(1);
      expect(await ledgerState(org)).toEqual({ balance: 60, sum: 60 });
      // A completed purchase cannot be failed afterwards.
      expect((await credits.grant({ ...input, status: 'failed' })).applied).toBe(false);
      expect((await ledgerState(org)).balance).toBe(60);
    });

    it('never adds the credits of a failed purchase', async () => {
      const org = await organizationWith(0);
      const input = { organizationId: org, amount: 20, type: 'purchase' as const, description: 'Small credit pack', idempotencyKey: 'stripe:session:cs_2' };
      await credits.grant({ ...input, status: 'pending' });
      await credits.grant({ ...input, status: 'failed' });
      expect((await credits.grant({ ...input, status: 'completed' })).applied).toBe(false);
      expect(await ledgerState(org)).toEqual({ balance: 0, sum: 0 });
      const [row] = await query(`SELECT status FROM credit_ledger WHERE idempotency_key = $1`, [input.idempotencyKey]);
      expect(row.status).toBe('failed');
    });
  });

  describe('bounds', () => {
    /** An organization `below` credits under the balance maximum (one opening row, so the ledger matches). */
    async function organizationNearMaximum(below: number): Promise<string> {
      const id = await organizationWith(0);
      await query(
        `WITH entry AS (INSERT INTO credit_ledger (organization_id, amount, type, description, status) VALUES ($1, $2, 'bonus', 'Opening balance', 'completed'))
         UPDATE organizations SET credits = $2 WHERE id = $1`,
        [id, CREDITS_MAX_BALANCE - below],
      );
      return id;
    }

    it('never takes a balance past its maximum, also under 10 concurrent grants, and writes nothing for a refused one', async () => {
      const org = await organizationNearMaximum(100);
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => credits.grant({ organizationId: org, amount: 30, type: 'bonus', description: `Grant ${i}` })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect(r.reason).toBeInstanceOf(CreditBalanceLimitError);
        expect(r.reason.code).toBe('credits_balance_limit');
      }
      expect(await ledgerState(org)).toEqual({ balance: CREDITS_MAX_BALANCE - 10, sum: CREDITS_MAX_BALANCE - 10 });
      expect(await outboxCount(org, CREDITS_EVENTS.creditsGranted)).toBe(3);
      expect(await credits.grant({ organizationId: org, amount: 10, type: 'bonus', description: 'To the top' })).toMatchObject({ balance: CREDITS_MAX_BALANCE, applied: true });
    });

    it('refuses a grant above the per-grant maximum before asking the database; a pending row of it records nothing', async () => {
      const org = await organizationWith(0);
      await expect(credits.grant({ organizationId: org, amount: CREDITS_MAX_GRANT + 1, type: 'bonus', description: 'Too much' })).rejects.toBeInstanceOf(CreditGrantTooLargeError);
      expect(await query(`SELECT id FROM credit_ledger WHERE organization_id = $1`, [org])).toEqual([]);
      const held = await credits.grant({ organizationId: org, amount: CREDITS_MAX_GRANT + 1, type: 'purchase', description: 'Held', idempotencyKey: 'stripe:session:big', status: 'pending' });
      expect(held.transaction.status).toBe('pending');
      expect(await ledgerState(org)).toEqual({ balance: 0, sum: 0 });
    });

    it('answers a replay of an applied key with its first result at the maximum, keeps a pending one pending without room, and still refunds', async () => {
      const org = await organizationNearMaximum(50);
      const input = { organizationId: org, amount: 50, type: 'purchase' as const, description: 'Pack', idempotencyKey: 'stripe:invoice:in_1' };
      const first = await credits.grant(input);
      expect(first.balance).toBe(CREDITS_MAX_BALANCE);
      expect(await credits.grant(input)).toMatchObject({ applied: false, transaction: { id: first.transaction.id }, balance: CREDITS_MAX_BALANCE });

      const pending = { organizationId: org, amount: 5, type: 'purchase' as const, description: 'Late pack', idempotencyKey: 'stripe:session:cs_late' };
      await credits.grant({ ...pending, status: 'pending' });
      await expect(credits.grant(pending)).rejects.toBeInstanceOf(CreditBalanceLimitError);
      const [row] = await query(`SELECT status FROM credit_ledger WHERE idempotency_key = $1`, [pending.idempotencyKey]);
      expect(row.status).toBe('pending');

      // A refund gives back what a debit took, even where that passes the maximum for a moment.
      const debit = await credits.debit({ organizationId: org, amount: 20, idempotencyKey: 'generation-at-the-top', description: 'Image generation' });
      await credits.grant({ organizationId: org, amount: 20, type: 'bonus', description: 'Refill' });
      expect((await credits.refund({ organizationId: org, debitId: debit.transaction.id })).balance).toBe(CREDITS_MAX_BALANCE + 20);
      expect(await ledgerState(org)).toEqual({ balance: CREDITS_MAX_BALANCE + 20, sum: CREDITS_MAX_BALANCE + 20 });
    });
  });

  describe('listTransactions', () => {
    it('pages newest first without gaps or repeats, per type', async () => {
      const org = await organizationWith(50);
      for (let i = 0; i < 7; i++) await credits.debit({ organizationId: org, amount: 1, idempotencyKey: `page-${i}`, description: `Generation ${i}` });
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await credits.listTransactions(org, { limit: 3, type: 'all', cursor });
        seen.push(...page.transactions.map((t) => t.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toHaveLength(8);
      expect(new Set(seen).size).toBe(8);
      const usage = await credits.listTransactions(org, { limit: 100, type: 'usage' });
      expect(usage.transactions.map((t) => t.description)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Generation ${i}`));
      expect((await credits.listTransactions(org, { limit: 100, type: 'purchase' })).transactions).toHaveLength(0);
    });
  });
});
