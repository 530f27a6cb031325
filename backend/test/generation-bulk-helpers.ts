// Shared by the bulk generation suites (in-process and Redis/BullMQ).
import type { DataSource } from 'typeorm';
import type { Agent } from './generation-helpers';

/** POST /api/generate/bulk with `csv` as the file and the given form fields. */
export function uploadCsv(agent: Agent, csv: string | Buffer, fields: Record<string, string> = {}, filename = 'batch.csv') {
  let req = agent.post('/api/generate/bulk');
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req.attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), { filename, contentType: 'text/csv' });
}

/** Everything a bulk upload writes for an organization (a refused upload must leave all of it as it was). */
export async function writesOf(dataSource: DataSource, organizationId: string) {
  const [row] = await dataSource.query(
    `SELECT (SELECT count(*)::int FROM generations WHERE organization_id = $1) AS generations,
            (SELECT count(*)::int FROM generation_batches WHERE organization_id = $1) AS batches,
            (SELECT count(*)::int FROM folders WHERE organization_id = $1) AS folders,
            (SELECT count(*)::int FROM credit_ledger WHERE organization_id = $1 AND type <> 'bonus') AS debits,
            (SELECT count(*)::int FROM outbox WHERE organization_id = $1 AND type LIKE 'generation.%') AS events,
            (SELECT credits FROM organizations WHERE id = $1) AS credits`,
    [organizationId],
  );
  return row as { generations: number; batches: number; folders: number; debits: number; events: number; credits: number };
}
