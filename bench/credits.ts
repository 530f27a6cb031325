// npm run bench:credits: debits per second through CreditsService (ledger row + conditional UPDATE +
// outbox event, one transaction each) under contention on one organization and spread over 50,
// next to a bare conditional UPDATE of the same rows in the same run. Then where the time goes:
// EXPLAIN (ANALYZE, BUFFERS) of one debit statement and pg_stat_statements over the runs.
// Runs on DATABASE_URL's server when set (a scratch database), else on an embedded PostgreSQL.
//
// Profile notes (2 cores, PostgreSQL 15): a debit used to be BEGIN, a replay SELECT, the debit
// statement and COMMIT (four round trips, the organization's row locked across three of them). It
// is now the one statement alone in autocommit: the row is locked for the statement and its commit
// only, as with the bare UPDATE; what remains is the two inserts (ledger + outbox, 0.05-0.15 ms of
// executor time each in the plan below) and the WAL of three rows instead of one, all inside
// the lock. Under one organization the lock's hold time bounds throughput for both.
import 'reflect-metadata';
import { CreditsService } from '../libs/core/src/credits/credits.service';
import { OutboxService } from '../libs/core/src/infra/outbox/outbox.service';
import type { TestDatabase } from '../libs/core/src/testing/test-database';
import { loadAverage, printResult, printTable, round, runBenchmark } from './support/bench-helpers';
import { printStatements, resetStatementStats, scratchDatabase, topStatements } from './support/scratch-database';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = 200;

interface Run {
  perSecond: number;
  failures: number;
}

async function main(): Promise<void> {
  const db = await scratchDatabase();
  try {
    const credits = new CreditsService(db.dataSource, new OutboxService());
    const [{ version }] = await db.dataSource.query(`SELECT current_setting('server_version') AS version`);
    console.log(`bench:credits  PostgreSQL ${version} (${db.server}), ${OPERATIONS} debits of 1 credit per run, ${CONCURRENCY} concurrent callers, pool of 20 connections, load average ${loadAverage()}\n`);
    const rows: string[][] = [['scenario', 'bare UPDATE', 'CreditsService.debit', 'debit / bare']];
    const figures: Record<string, number> = {};
    const profiled = await resetStatementStats(db);
    for (const organizations of [1, 50]) {
      const ids = await createOrganizations(db, credits, organizations);
      const target = (i: number) => ids[i % ids.length];

      const bare = (i: number) =>
        db.dataSource.query(`UPDATE organizations SET credits = credits - 1 WHERE id = $1 AND credits >= 1 RETURNING credits`, [target(i)]);
      const debit = (prefix: string) => (i: number) =>
        credits.debit({ organizationId: target(i), amount: 1, idempotencyKey: `${prefix}-${i}`, description: 'Benchmark debit' });

      await measure(WARMUP, bare);
      await measure(WARMUP, debit(`warmup-${organizations}`));
      const baseline = await measure(OPERATIONS, bare);
      const ledger = await measure(OPERATIONS, debit(`bench-${organizations}`));
      if (baseline.failures + ledger.failures > 0) throw new Error(`${baseline.failures + ledger.failures} operations failed`);
      const key = organizations === 1 ? 'one_org' : 'fifty_orgs';
      figures[`${key}_ratio`] = round(ledger.perSecond / baseline.perSecond);
      figures[`${key}_bare_per_s`] = Math.round(baseline.perSecond);
      figures[`${key}_debit_per_s`] = Math.round(ledger.perSecond);
      rows.push([
        organizations === 1 ? 'one organization' : `${organizations} organizations`,
        `${format(baseline.perSecond)} /s`,
        `${format(ledger.perSecond)} /s`,
        `${(ledger.perSecond / baseline.perSecond).toFixed(2)}x`,
      ]);
    }
    printTable(rows);

    console.log('\nprofile: one debit statement, EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction:');
    await explainDebit(db, credits);
    console.log(`\npg_stat_statements (this database, both scenarios, by total time):`);
    printStatements(profiled ? await topStatements(db) : null);
    console.log('');
    printResult('credits', figures);
  } finally {
    await db.drop();
  }
}

/** The debit's statement as CreditsService sends it, explained and rolled back. */
async function explainDebit(db: TestDatabase, credits: CreditsService): Promise<void> {
  const [{ id }] = await db.dataSource.query(`SELECT id FROM organizations ORDER BY credits DESC LIMIT 1`);
  const runner = db.dataSource.createQueryRunner();
  await runner.connect();
  const query = runner.query.bind(runner) as (sql: string, parameters?: unknown[], structured?: boolean) => Promise<never>;
  runner.query = (async (sql: string, parameters?: unknown[], structured?: boolean) => {
    if (/WITH debited/.test(sql)) {
      const plan: Array<{ 'QUERY PLAN': string }> = await query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, parameters);
      for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
    }
    return query(sql, parameters, structured);
  }) as typeof runner.query;
  try {
    await runner.startTransaction();
    await credits.debit({ organizationId: id, amount: 1, idempotencyKey: 'explain', description: 'Benchmark debit' }, runner.manager);
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

/** Gives each organization enough credits for every run (through the ledger, like production). */
async function createOrganizations(db: TestDatabase, credits: CreditsService, count: number): Promise<string[]> {
  const ids: string[] = [];
  const perOrganization = Math.ceil((2 * OPERATIONS + 2 * WARMUP) / count) + 10;
  for (let i = 0; i < count; i++) {
    const [{ id }] = await db.dataSource.query(`INSERT INTO organizations (name) VALUES ($1) RETURNING id`, [`Bench ${i}`]);
    await credits.grant({ organizationId: id, amount: perOrganization, type: 'bonus', description: 'Benchmark credits' });
    ids.push(id);
  }
  return ids;
}

/** Runs `operation(0..total-1)` from CONCURRENCY callers at once. */
async function measure(total: number, operation: (i: number) => Promise<unknown>): Promise<Run> {
  let next = 0;
  let failures = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        await operation(i).catch(() => failures++);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: total / seconds, failures };
}

const format = (n: number) => Math.round(n).toLocaleString('en-US');

runBenchmark(main);
