// npm run bench:credits: debits per second through CreditsService (ledger row + conditional UPDATE +
// outbox event, one transaction each) under contention on one organization and spread over 50,
// next to a bare conditional UPDATE of the same rows in the same run.
import 'reflect-metadata';
import { CreditsService } from '../libs/core/src/credits/credits.service';
import { OutboxService } from '../libs/core/src/infra/outbox/outbox.service';
import { createTestDatabase, TestDatabase } from '../libs/core/src/testing/test-database';
import { printTable } from './support/bench-helpers';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = 200;

interface Run {
  perSecond: number;
  failures: number;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error('bench:credits needs DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:credits');
    console.error('(it creates a scratch database there and drops it afterwards)');
    process.exit(1);
  }
  const db = await createTestDatabase();
  try {
    const credits = new CreditsService(db.dataSource, new OutboxService());
    const [{ version }] = await db.dataSource.query(`SELECT current_setting('server_version') AS version`);
    console.log(`bench:credits  PostgreSQL ${version}, ${OPERATIONS} debits of 1 credit per run, ${CONCURRENCY} concurrent callers, pool of 20 connections\n`);
    const rows: string[][] = [['scenario', 'bare UPDATE', 'CreditsService.debit', 'debit / bare']];
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
      rows.push([
        organizations === 1 ? 'one organization' : `${organizations} organizations`,
        `${format(baseline.perSecond)} /s`,
        `${format(ledger.perSecond)} /s`,
        `${(ledger.perSecond / baseline.perSecond).toFixed(2)}x`,
      ]);
    }
    printTable(rows);
  } finally {
    await db.drop();
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


main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
