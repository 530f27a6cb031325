import type { APIRequestContext } from 'playwright-core';
import { makeAdmin, sql } from './admin-setup';

/** The password of every account a flow signs up. */
export const E2E_PASSWORD = 'a-long-password';

export interface SignUpOptions {
  /** The app's database (an app of the flow's own); the shared browser tests' app by default. */
  databaseUrl?: string;
  /** Moves the new account's organization to this plan ('Team+', …). */
  plan?: string;
  /** Makes the new account an administrator, as `npm run admin:grant` does. */
  admin?: boolean;
  email?: string;
}

/**
 * Signs a new account up through the API in `request`'s session, which stays signed in as it, and
 * returns its email (`<username>-<time>@example.com` unless given).
 */
export async function signUp(request: APIRequestContext, username: string, { databaseUrl = process.env.E2E_DATABASE_URL, plan, admin = false, email }: SignUpOptions = {}): Promise<string> {
  const address = email ?? `${username.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}@example.com`;
  const answer = await request.post('/api/auth/register', { data: { email: address, password: E2E_PASSWORD, username } });
  if (answer.status() !== 201) throw new Error(`sign-up of ${address} answered ${answer.status()}: ${await answer.text()}`);
  if (plan) {
    await sql(databaseUrl, `UPDATE organizations SET plan_tier = $2 WHERE id IN (SELECT m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE lower(u.email) = lower($1))`, [address, plan]);
  }
  if (admin) await makeAdmin(address, databaseUrl);
  return address;
}

/**
 * Generates `count` low-quality square images of `prompt` and waits until the library holds
 * `count` assets. A prompt starting with 'TEST ' takes the free test-image route (one image).
 */
export async function generateImages(request: APIRequestContext, prompt: string, count = 1): Promise<void> {
  const started = prompt.startsWith('TEST ')
    ? await request.post('/api/generate/test', { data: { prompt, quality: 'low', size: '1024x1024' } })
    : await request.post('/api/generate', { data: { prompt, quality: 'low', size: '1024x1024', variationCount: count } });
  if (started.status() !== 201) throw new Error(`the generation answered ${started.status()}: ${await started.text()}`);
  const deadline = Date.now() + 30_000;
  while ((await (await request.get('/api/assets/count')).json()).count < count) {
    if (Date.now() > deadline) throw new Error(`the library did not reach ${count} image(s) of '${prompt}'`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
