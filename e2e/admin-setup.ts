import { Client } from 'pg';
import type { APIRequestContext } from 'playwright-core';

/** Test setup only: what `npm run admin:grant -- <email>` does, on the browser tests' app. */
export async function makeAdmin(email: string): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('UPDATE users SET is_admin = true WHERE lower(email) = lower($1)', [email]);
  } finally {
    await client.end();
  }
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
