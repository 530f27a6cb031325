import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { CreditsService } from '../credits/credits.service';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls until `check` returns something other than undefined, or fails after `ms`: a bound for
 * what never comes, not a speed check (background work such as thumbnails, made by a low-priority
 * process, waits its turn on a machine busy with other suites).
 */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 45_000, details: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}${details()}`);
    await sleep(50);
  }
}

/** A storage directory of its own, removed by cleanup(). */
export function tempStorage(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'brandloom-gen-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `create` with `env` applied to process.env (config is read at creation), then restores it. */
export async function withEnv<T>(env: Record<string, string | undefined>, create: () => Promise<T>): Promise<T> {
  const previous = { ...process.env };
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  try {
    return await create();
  } finally {
    process.env = previous;
  }
}

/** Waits until every listed generation is completed or failed. */
export async function waitForSettled(dataSource: DataSource, ids: string[], ms = 20_000, details: () => string = () => ''): Promise<Array<{ id: string; status: string }>> {
  return waitFor(
    `generations ${ids.join(', ')} to settle`,
    async () => {
      const rows: Array<{ id: string; status: string }> = await dataSource.query(`SELECT id, status FROM generations WHERE id = ANY($1)`, [ids]);
      return rows.length === ids.length && rows.every((r) => r.status === 'completed' || r.status === 'failed') ? rows : undefined;
    },
    ms,
    details,
  );
}

export interface CreditsAudit {
  debited: number;
  refunded: number;
  delivered: number;
  costOfDelivered: number;
}

/** Ledger vs delivered images for an organization's generations: debited − refunded must equal costOfDelivered. */
export async function auditCredits(dataSource: DataSource, organizationId: string): Promise<CreditsAudit> {
  const [{ debited, refunded }] = await dataSource.query(
    `SELECT COALESCE(-SUM(amount) FILTER (WHERE type = 'usage'), 0)::int AS debited,
            COALESCE(SUM(amount) FILTER (WHERE type = 'refund'), 0)::int AS refunded
       FROM credit_ledger WHERE organization_id = $1 AND reference_type = 'generation'`,
    [organizationId],
  );
  const [{ delivered, cost }] = await dataSource.query(
    `SELECT count(a.id)::int AS delivered, COALESCE(SUM(g.cost_per_image), 0)::int AS cost
       FROM assets a JOIN generations g ON g.id = a.generation_id WHERE g.organization_id = $1`,
    [organizationId],
  );
  return { debited, refunded, delivered, costOfDelivered: cost };
}

/** Adds credits through the ledger (a bonus grant), as production would. */
export async function topUp(credits: CreditsService, organizationId: string, amount: number): Promise<void> {
  await credits.grant({ organizationId, amount, type: 'bonus', description: 'Test credits' });
}
