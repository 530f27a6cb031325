// What both suites check in the database and how they report: a table of scenarios and checks,
// then, as the last line, one JSON object with the figures.
import type { DataSource } from 'typeorm';

export interface LedgerAudit {
  /** Generations neither completed nor failed. */
  unsettled: number;
  /** Generations debited more than once, or refunded more than once. */
  doubleDebits: number;
  /** Generations that settled (generation.completed / generation.failed) more than once. */
  settledTwice: number;
  /** Organizations whose balance differs from the sum of their ledger. */
  balanceMismatches: number;
  /** Credits debited − refunded minus the cost of the images delivered (0 when charged = delivered). */
  chargedMinusDelivered: number;
  /** Generations that failed (refunded what they did not deliver). */
  failed: number;
  completed: number;
}

/** The money and job invariants over every generation of the suite's database. */
export async function auditLedger(dataSource: DataSource): Promise<LedgerAudit> {
  const [row] = await dataSource.query(`
    SELECT
      (SELECT count(*) FROM generations WHERE status NOT IN ('completed', 'failed'))::int AS unsettled,
      (SELECT count(*) FROM generations WHERE status = 'failed')::int AS failed,
      (SELECT count(*) FROM generations WHERE status = 'completed')::int AS completed,
      (SELECT count(*) FROM (SELECT reference_id, type FROM credit_ledger WHERE reference_type = 'generation'
          GROUP BY reference_id, type HAVING count(*) > 1) d)::int AS double_debits,
      (SELECT count(*) FROM (SELECT payload->>'generationId' FROM outbox WHERE type IN ('generation.completed', 'generation.failed')
          GROUP BY 1 HAVING count(*) > 1) s)::int AS settled_twice,
      (SELECT count(*) FROM organizations o
          WHERE o.credits <> COALESCE((SELECT sum(amount) FROM credit_ledger l WHERE l.organization_id = o.id), 0))::int AS balance_mismatches,
      ((SELECT COALESCE(-sum(amount) FILTER (WHERE type = 'usage'), 0) - COALESCE(sum(amount) FILTER (WHERE type = 'refund'), 0)
          FROM credit_ledger WHERE reference_type = 'generation')
        - (SELECT COALESCE(sum(g.cost_per_image), 0) FROM assets a JOIN generations g ON g.id = a.generation_id))::int AS charged_minus_delivered`);
  return {
    unsettled: row.unsettled,
    doubleDebits: row.double_debits,
    settledTwice: row.settled_twice,
    balanceMismatches: row.balance_mismatches,
    chargedMinusDelivered: row.charged_minus_delivered,
    failed: row.failed,
    completed: row.completed,
  };
}

/** Credits for a test organization, through the ledger (a bonus row), as an administrator grant would. */
export async function grantCredits(dataSource: DataSource, organizationId: string, amount: number): Promise<void> {
  await dataSource.transaction(async (m) => {
    await m.query(`UPDATE organizations SET credits = credits + $2 WHERE id = $1`, [organizationId, amount]);
    await m.query(`INSERT INTO credit_ledger (organization_id, amount, type, description) VALUES ($1, $2, 'bonus', 'Resilience suite credits')`, [organizationId, amount]);
  });
}

interface Check {
  scenario: string;
  check: string;
  ok: boolean;
  detail: string;
}

export class SuiteReport {
  private readonly checks: Check[] = [];
  private readonly scenarios = new Set<string>();
  private readonly recoveries: Array<{ scenario: string; seconds: number }> = [];
  readonly figures: Record<string, number> = {};

  constructor(private readonly suite: string) {}

  scenario(name: string): void {
    this.scenarios.add(name);
    console.log(`\n--- ${this.suite}: ${name}`);
  }

  check(scenario: string, check: string, ok: boolean, detail = ''): void {
    this.checks.push({ scenario, check, ok, detail });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${check}${detail ? ` (${detail})` : ''}`);
  }

  /** A scenario that threw: recorded as a failed check, the suite goes on with the next one. */
  crashed(scenario: string, error: unknown): void {
    this.check(scenario, 'scenario ran to its end', false, error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join(' | ') : String(error));
  }

  recovery(scenario: string, seconds: number): void {
    this.recoveries.push({ scenario, seconds });
  }

  get failed(): boolean {
    return this.checks.some((c) => !c.ok);
  }

  /** The table, then the JSON line (the last line of the output); the exit code says whether every check held. */
  finish(figures: { jobs_lost: number; double_debits: number; errors_5xx: number } & Record<string, number | string>): never {
    const rows = [['scenario', 'check', 'result', 'detail'], ...this.checks.map((c) => [c.scenario, c.check, c.ok ? 'ok' : 'FAIL', c.detail])];
    if (this.recoveries.length > 0) {
      rows.push(['', '', '', '']);
      for (const r of this.recoveries) rows.push([r.scenario, 'recovery', `${r.seconds.toFixed(1)} s`, '']);
    }
    const widths = rows[0].map((_, i) => Math.min(90, Math.max(...rows.map((r) => r[i].length))));
    console.log('');
    for (const row of rows) console.log(row.map((cell, i) => cell.slice(0, 90).padEnd(widths[i])).join('  '));
    const summary = {
      suite: this.suite,
      passed: !this.failed,
      checks: this.checks.length,
      failed_checks: this.checks.filter((c) => !c.ok).length,
      scenarios: this.scenarios.size,
      recovery_s: Number(Math.max(0, ...this.recoveries.map((r) => r.seconds)).toFixed(2)),
      ...figures,
    };
    console.log(JSON.stringify(summary));
    process.exit(this.failed ? 1 : 0);
  }
}
