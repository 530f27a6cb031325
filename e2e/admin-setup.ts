import { Client } from 'pg';
import type { APIRequestContext } from 'playwright-core';

/** Test setup only: what `npm run admin:grant -- <email>` does, on the browser tests' app (or the app of a test's own at `databaseUrl`). */
export async function makeAdmin(email: string, databaseUrl = process.env.E2E_DATABASE_URL): Promise<void> {
  await sql(databaseUrl, 'UPDATE users SET is_admin = true WHERE lower(email) = lower($1)', [email]);
}

/** A published post written through the admin API (the caller must be an administrator). */
export async function publishPost(request: APIRequestContext, title: string): Promise<{ id: string; slug: string }> {
  const res = await request.post('/api/admin/blog/posts', {
    data: { title, slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), content: '<h2>News</h2><p>Brand kits are <strong>here</strong>.</p>', excerpt: 'What is new', author: 'Brandloom', status: 'published' },
  });
  if (res.status() !== 201) throw new Error(`publishing failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string; slug: string };
}

/** Test setup only: a generation that ended failed, as the worker leaves one whose provider kept refusing (waits for it to settle first). */
export async function failGeneration(id: string): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    for (let i = 0; i < 300; i += 1) {
      const { rows } = await client.query<{ status: string }>('SELECT status FROM generations WHERE id = $1', [id]);
      if (rows[0]?.status === 'completed' || rows[0]?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query(`UPDATE generations SET status = 'failed', error = 'The image provider refused the prompt' WHERE id = $1`, [id]);
  } finally {
    await client.end();
  }
}

/** Test setup only: a failed format job and a running Meta push of the organization `email` works in, as the worker leaves them. */
export async function addFormatAndPushJobs(email: string, creativeName: string): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ organization_id: string }>(
      'SELECT m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = lower($1) ORDER BY m.created_at LIMIT 1',
      [email],
    );
    const orgId = rows[0].organization_id;
    await client.query(
      `INSERT INTO format_jobs (id, organization_id, format, method, fill, storage_seed, status, error, attempts)
       VALUES (gen_random_uuid(), $1, '9:16', 'ai_extend', 'blur', 'seed', 'failed', 'The outpainter timed out', 2)`,
      [orgId],
    );
    await client.query(
      `INSERT INTO meta_pushes (organization_id, meta_user_id, ad_account_id, campaign_id, ad_set_id, page_id, creative_name, status)
       VALUES ($1, '1001', 'act_1', '2001', '3001', '4001', $2, 'running')`,
      [orgId, creativeName],
    );
  } finally {
    await client.end();
  }
}

/** Test setup only: one statement on the database at `url` (an app of a test's own). */
export async function sql(url: string | undefined, text: string, params: unknown[]): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}
