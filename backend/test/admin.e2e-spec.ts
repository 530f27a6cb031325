// The admin console's API: dashboard counts, users and the last-admin rule, organizations and
// credit grants/corrections (ledger + audit, never below zero), every ledger row, the audit log,
// and react-admin's list conventions.
import { ADMIN_JOB_CODES, ADMIN_JOB_KINDS, ADMIN_MESSAGES, CREDIT_BOUND_CODES, CREDITS_MAX_BALANCE, CREDITS_MESSAGES, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { AuthService } from '@brandloom/core';
import { organizationIdOf, type Agent } from './generation-helpers';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('admin API', () => {
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  let admin: Agent;
  let adminUser: { id: string; email: string };

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
    ({ matchesDocument } = await documentedAnswers(t));
    const a = await signUp(t, { username: 'Root' });
    await t.app.get(AuthService).setAdmin(a.user.email);
    admin = a.agent;
    adminUser = a.user;
  });
  afterAll(() => t?.close());

  it('counts users, organizations, generations and assets on the dashboard', async () => {
    const before = (await admin.get('/api/admin/dashboard').expect(200)).body;
    await signUp(t);
    const after = (await admin.get('/api/admin/dashboard').expect(200)).body;
    expect(after).toMatchObject({ users: before.users + 1, organizations: before.organizations + 1, generations: expect.any(Number), assets: expect.any(Number), recentActivity: expect.any(Array) });
  });

  it('lists users with search, sort and Content-Range, and grants or removes admin status with an audit row', async () => {
    const { user } = await signUp(t, { username: 'Searchable Sam' });
    const found = await admin.get('/api/admin/users').query({ filter: '{"q":"searchable sam"}', sort: '["email","ASC"]', range: '[0,9]' }).expect(200);
    expect(found.body).toEqual([expect.objectContaining({ id: user.id, username: 'Searchable Sam', is_admin: false, organization_name: expect.any(String) })]);
    expect(found.headers['content-range']).toBe('users 0-0/1');

    const promoted = await admin.put(`/api/admin/users/${user.id}/admin`).send({ is_admin: true }).expect(200);
    expect(promoted.body).toMatchObject({ id: user.id, is_admin: true });
    await admin.put(`/api/admin/users/${user.id}/admin`).send({ is_admin: false }).expect(200);
    const audit = await t.db.dataSource.query(`SELECT action, admin_id, before, after FROM admin_audit WHERE target_id = $1 ORDER BY created_at`, [user.id]);
    expect(audit).toEqual([
      { action: 'user.admin', admin_id: adminUser.id, before: { is_admin: false }, after: { is_admin: true } },
      { action: 'user.admin', admin_id: adminUser.id, before: { is_admin: true }, after: { is_admin: false } },
    ]);

    await admin.put(`/api/admin/users/${user.id}/admin`).send({ is_admin: 'yes' }).expect(400);
    await admin.put('/api/admin/users/00000000-0000-4000-8000-000000000000/admin').send({ is_admin: true }).expect(404);
    await admin.put('/api/admin/users/not-a-uuid/admin').send({ is_admin: true }).expect(404);
  });

  it('never lets the last administrator remove their own status', async () => {
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE is_admin`);
    expect(n).toBe(1);
    const refused = await admin.put(`/api/admin/users/${adminUser.id}/admin`).send({ is_admin: false }).expect(409);
    expect(refused.body.message).toBe(ADMIN_MESSAGES.lastAdmin);
    expect((await admin.get('/api/auth/user').expect(200)).body.is_admin).toBe(true);

    // With a second administrator, the first may step down.
    const other = await signUp(t);
    await admin.put(`/api/admin/users/${other.user.id}/admin`).send({ is_admin: true }).expect(200);
    await admin.put(`/api/admin/users/${adminUser.id}/admin`).send({ is_admin: false }).expect(200);
    await admin.get('/api/admin/dashboard').expect(403);
    await other.agent.put(`/api/admin/users/${adminUser.id}/admin`).send({ is_admin: true }).expect(200);
    await other.agent.put(`/api/admin/users/${other.user.id}/admin`).send({ is_admin: false }).expect(200);
  });

  it('grants credits as a bonus ledger row with the reason, corrects them never below zero, and audits both', async () => {
    const { agent } = await signUp(t, { username: 'Credit Org' });
    const orgId = await organizationIdOf(agent);

    const granted = (await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: 50, reason: 'Launch partner' }).expect(200)).body;
    expect(granted).toMatchObject({ message: ADMIN_MESSAGES.creditsGranted, balance: WELCOME_BONUS_CREDITS + 50, transaction: { amount: 50, type: 'bonus', description: 'Launch partner', status: 'completed' } });
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS + 50);

    const corrected = (await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: -30, reason: 'Double grant' }).expect(200)).body;
    expect(corrected).toMatchObject({ balance: WELCOME_BONUS_CREDITS + 20, transaction: { amount: -30, description: 'Double grant' } });

    const tooMuch = await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: -1000, reason: 'Oops' }).expect(400);
    expect(tooMuch.body.message).toBe(ADMIN_MESSAGES.belowZero(WELCOME_BONUS_CREDITS + 20));
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(WELCOME_BONUS_CREDITS + 20);

    for (const [body, message] of [
      [{ credits: 0, reason: 'x' }, ADMIN_MESSAGES.creditsNonZero],
      [{ credits: 1.5, reason: 'x' }, ADMIN_MESSAGES.creditsNonZero],
      [{ credits: '5', reason: 'x' }, ADMIN_MESSAGES.creditsNonZero],
      [{ credits: 5, reason: '   ' }, ADMIN_MESSAGES.reasonRequired],
      [{ credits: 5 }, ADMIN_MESSAGES.reasonRequired],
      [{ credits: 2_000_000, reason: 'x' }, ADMIN_MESSAGES.creditsTooLarge],
    ] as const) {
      expect((await admin.post(`/api/admin/organizations/${orgId}/credits`).send(body).expect(400)).body.message).toBe(message);
    }
    await admin.post('/api/admin/organizations/00000000-0000-4000-8000-000000000000/credits').send({ credits: 5, reason: 'x' }).expect(404);

    // Every credit change has its ledger row; the audit log holds both actions with the balances.
    const ledger = await t.db.dataSource.query(`SELECT amount, type, description FROM credit_ledger WHERE organization_id = $1 ORDER BY created_at`, [orgId]);
    expect(ledger).toEqual([
      { amount: WELCOME_BONUS_CREDITS, type: 'bonus', description: 'Welcome bonus' },
      { amount: 50, type: 'bonus', description: 'Launch partner' },
      { amount: -30, type: 'usage', description: 'Double grant' },
    ]);
    const audit = (await admin.get('/api/admin/audit').query({ filter: JSON.stringify({ q: adminUser.email }), sort: '["created_at","DESC"]', range: '[0,49]' }).expect(200)).body;
    const mine = audit.filter((a: { target_id: string }) => a.target_id === orgId);
    expect(mine.map((a: { action: string; before: unknown; after: unknown }) => [a.action, a.before, a.after])).toEqual([
      ['credits.correct', { credits: WELCOME_BONUS_CREDITS + 50 }, { credits: WELCOME_BONUS_CREDITS + 20, amount: -30, reason: 'Double grant' }],
      ['credits.grant', { credits: WELCOME_BONUS_CREDITS }, { credits: WELCOME_BONUS_CREDITS + 50, amount: 50, reason: 'Launch partner' }],
    ]);
  });

  it('lists organizations with members and credits, and every ledger row with its organization and status', async () => {
    const { agent } = await signUp(t, { username: 'Zeta Widgets' });
    const orgId = await organizationIdOf(agent);
    const orgs = await admin.get('/api/admin/organizations').query({ filter: '{"q":"zeta widgets"}' }).expect(200);
    expect(orgs.body).toEqual([expect.objectContaining({ id: orgId, name: 'Zeta Widgets', plan_tier: 'Starter', credits: WELCOME_BONUS_CREDITS, members: 1 })]);
    expect(orgs.headers['content-range']).toBe('organizations 0-0/1');
    const sortedByMembers = await admin.get('/api/admin/organizations').query({ sort: '["members","DESC"]', range: '[0,4]' }).expect(200);
    expect(sortedByMembers.body.length).toBeGreaterThan(0);

    const credits = await admin.get('/api/admin/credits').query({ filter: '{"q":"zeta widgets","status":"completed","type":"bonus"}' }).expect(200);
    expect(credits.body).toEqual([expect.objectContaining({ organization_id: orgId, organization_name: 'Zeta Widgets', amount: WELCOME_BONUS_CREDITS, status: 'completed' })]);
    await admin.get('/api/admin/credits').query({ filter: '{"status":"weird"}' }).expect(400);
    await admin.get('/api/admin/organizations').query({ sort: '["password","ASC"]' }).expect(400);
    await admin.get('/api/admin/users').query({ range: '[0,5000]' }).expect(400);
  });

  it('lists background work by kind and state, and retries a parked event (audited)', async () => {
    const { agent } = await signUp(t);
    const started = await agent.post('/api/generate').send({ prompt: 'A quiet harbour at dusk', quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);
    const generationId = started.body.job.id;
    const [{ id: eventId }] = await t.db.dataSource.query(
      `INSERT INTO outbox (event_id, type, payload, attempts, parked_at, last_error) VALUES (gen_random_uuid(), 'test.parked', '{}', 8, now(), 'handler kept failing') RETURNING id`,
    );

    const generations = await admin.get('/api/admin/jobs').query({ filter: '{"kind":"generation"}', range: '[0,199]' }).expect(200);
    expect(generations.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: `generation:${generationId}`, kind: 'generation', label: 'A quiet harbour at dusk' })]));
    const parked = await admin.get('/api/admin/jobs').query({ filter: '{"kind":"event","state":"parked"}' }).expect(200);
    expect(parked.body).toEqual([expect.objectContaining({ id: `event:${eventId}`, state: 'parked', label: 'test.parked', error: 'handler kept failing', attempts: 8 })]);
    expect(parked.headers['content-range']).toBe('jobs 0-0/1');

    await admin.post(`/api/admin/jobs/event/${eventId}/retry`).expect(200);
    const [row] = await t.db.dataSource.query(`SELECT parked_at, attempts FROM outbox WHERE id = $1`, [eventId]);
    expect(row).toEqual({ parked_at: null, attempts: 0 });
    expect((await admin.post(`/api/admin/jobs/event/${eventId}/retry`).expect(409)).body).toMatchObject({ message: ADMIN_MESSAGES.eventAlreadyRetried, code: ADMIN_JOB_CODES.eventAlreadyRetried });
    await admin.post('/api/admin/jobs/event/999999999/retry').expect(404);
    expect((await admin.post(`/api/admin/jobs/generation/${generationId}/retry`).expect(409)).body.code).toBe(ADMIN_JOB_CODES.jobNotRetryable);
    expect((await admin.post(`/api/admin/jobs/brand_extraction/${generationId}/retry`).expect(400)).body.code).toBe(ADMIN_JOB_CODES.jobNotRetryable);
    await admin.post('/api/admin/jobs/generation/not-a-uuid/retry').expect(404);
    await admin.post('/api/admin/jobs/generation/00000000-0000-4000-8000-000000000000/retry').expect(404);
    expect((await admin.get('/api/admin/jobs').query({ filter: '{"kind":"brand_extraction","state":"failed"}' }).expect(200)).body).toEqual([]);
    const all = await admin.get('/api/admin/jobs').query({ range: '[0,199]' }).expect(200);
    expect(all.body.map((j: { kind: string }) => j.kind)).toEqual(expect.arrayContaining(['generation', 'event']));
    const [audit] = await t.db.dataSource.query(`SELECT action, target_type, after FROM admin_audit WHERE target_id = $1`, [String(eventId)]);
    expect(audit).toEqual({ action: 'job.retry', target_type: 'event', after: { state: 'pending' } });
  });

  it('lists every kind of job the registry declares (format jobs and Meta pushes too), each kind a filter, an unknown kind a 400 with a code', async () => {
    const { agent } = await signUp(t);
    const orgId = await organizationIdOf(agent);
    await agent.post('/api/generate').send({ prompt: 'A registry of kinds', quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);
    const [{ id: formatId }] = await t.db.dataSource.query(
      `INSERT INTO format_jobs (id, organization_id, format, method, fill, storage_seed, status, error, attempts)
       VALUES (gen_random_uuid(), $1, '9:16', 'ai_extend', 'blur', 'seed', 'failed', 'The outpainter timed out', 2) RETURNING id`,
      [orgId],
    );
    const [{ id: pushId }] = await t.db.dataSource.query(
      `INSERT INTO meta_pushes (organization_id, meta_user_id, ad_account_id, campaign_id, ad_set_id, page_id, creative_name, status)
       VALUES ($1, '1001', 'act_1', '2001', '3001', '4001', 'Winter sale', 'running') RETURNING id`,
      [orgId],
    );
    await t.db.dataSource.query(`INSERT INTO outbox (event_id, type, payload, parked_at, last_error) VALUES (gen_random_uuid(), 'test.kinds', '{}', now(), 'kept failing')`);

    const all = await admin.get('/api/admin/jobs').query({ range: '[0,199]', sort: '["created_at","DESC"]' }).expect(200);
    expect(all.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: `format:${formatId}`, kind: 'format', job_id: formatId, state: 'failed', label: 'Format 9:16 (ai extend)', error: 'The outpainter timed out', attempts: 2, organization_id: orgId }),
        expect.objectContaining({ id: `meta_push:${pushId}`, kind: 'meta_push', job_id: pushId, state: 'running', label: 'Meta push: Winter sale', attempts: null, organization_id: orgId }),
      ]),
    );
    expect(all.body.map((j: { kind: string }) => j.kind)).toEqual(expect.arrayContaining(['generation', 'format', 'meta_push', 'event']));
    const created = all.body.map((j: { created_at: string }) => j.created_at);
    expect(created).toEqual([...created].sort().reverse());

    for (const kind of ADMIN_JOB_KINDS) {
      const page = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ kind }), range: '[0,199]' }).expect(200);
      expect(page.body.every((j: { kind: string }) => j.kind === kind)).toBe(true);
      expect(page.headers['content-range']).toBe(page.body.length ? `jobs 0-${page.body.length - 1}/${page.body.length}` : 'jobs 0-0/0');
    }
    const formats = await admin.get('/api/admin/jobs').query({ filter: '{"kind":"format","state":"failed"}', range: '[0,0]' }).expect(200);
    expect(formats.body).toEqual([expect.objectContaining({ id: `format:${formatId}` })]);
    expect(formats.headers['content-range']).toBe('jobs 0-0/1');
    const pushes = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ id: `meta_push:${pushId}` }) }).expect(200);
    expect(pushes.body).toEqual([expect.objectContaining({ kind: 'meta_push', job_id: pushId })]);
    // A bare id names every kind it fits.
    expect((await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ id: formatId }) }).expect(200)).body).toEqual([expect.objectContaining({ id: `format:${formatId}` })]);

    for (const kind of ['cron', 'FORMAT', 5, true]) {
      const refused = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ kind }) }).expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, message: ADMIN_MESSAGES.jobKindUnknown(ADMIN_JOB_KINDS), code: ADMIN_JOB_CODES.jobKindUnknown });
    }
    // Only parked events and failed generations are retried; other kinds say so and change nothing.
    for (const [kind, id] of [['format', formatId], ['meta_push', pushId]]) {
      expect((await admin.post(`/api/admin/jobs/${kind}/${id}/retry`).expect(400)).body.code).toBe(ADMIN_JOB_CODES.jobNotRetryable);
    }
    expect(await t.db.dataSource.query(`SELECT status FROM format_jobs WHERE id = $1`, [formatId])).toEqual([{ status: 'failed' }]);
  });

  it('reports metrics per day for 1 to 365 days', async () => {
    const before = (await admin.get('/api/admin/metrics?days=7').expect(200)).body.days;
    expect(before).toHaveLength(7);
    expect(before[6].day).toBe(new Date().toISOString().slice(0, 10));
    await signUp(t);
    const after = (await admin.get('/api/admin/metrics?days=7').expect(200)).body.days;
    expect(after[6].signups).toBe(before[6].signups + 1);
    expect(after[6].credits_granted).toBe(before[6].credits_granted + WELCOME_BONUS_CREDITS);
    expect((await admin.get('/api/admin/metrics').expect(200)).body.days).toHaveLength(30);
    for (const days of ['0', '366', 'abc', '1.5']) {
      expect((await admin.get(`/api/admin/metrics?days=${days}`).expect(400)).body.message).toBe(ADMIN_MESSAGES.invalidDays);
    }
  });

  it('runs a failed generation again as a new one, debited to its organization and audited', async () => {
    const { agent } = await signUp(t);
    const started = await agent.post('/api/generate').send({ prompt: 'A lighthouse in fog', quality: 'medium', size: '1024x1536', variationCount: 2 }).expect(201);
    const failedId = started.body.job.id as string;
    await t.db.dataSource.query(`UPDATE generations SET status = 'failed', error = 'The image provider refused the prompt' WHERE id = $1`, [failedId]);
    const before = (await agent.get('/api/credits/balance').expect(200)).body.credits as number;

    const retried = await admin.post(`/api/admin/jobs/generation/${failedId}/retry`).expect(200);
    expect(retried.body.message).toBe(ADMIN_MESSAGES.generationRetried);
    matchesDocument('post', '/api/admin/jobs/{kind}/{id}/retry', retried);

    const generations = await t.db.dataSource.query(`SELECT id, prompt, quality, size, variation_count, organization_id FROM generations WHERE prompt = 'A lighthouse in fog' ORDER BY created_at`);
    expect(generations).toHaveLength(2);
    const retry = generations.find((g: { id: string }) => g.id !== failedId);
    expect(retry).toMatchObject({ quality: 'medium', size: '1024x1536', variation_count: 2, organization_id: generations[0].organization_id });
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(before - 4);
    const [debit] = await t.db.dataSource.query(`SELECT amount, type FROM credit_ledger WHERE reference_id = $1`, [retry.id]);
    expect(debit).toEqual({ amount: -4, type: 'usage' });
    const [audit] = await t.db.dataSource.query(`SELECT action, target_type, before, after FROM admin_audit WHERE target_id = $1`, [failedId]);
    expect(audit).toEqual({ action: 'job.retry', target_type: 'generation', before: { state: 'failed' }, after: { state: 'queued', generation_id: retry.id } });
    // The failed one names its retry; the retry is not failed, so it cannot be retried.
    expect((await t.db.dataSource.query(`SELECT retried_as FROM generations WHERE id = $1`, [failedId]))[0].retried_as).toBe(retry.id);
    expect((await admin.post(`/api/admin/jobs/generation/${retry.id}/retry`).expect(409)).body).toMatchObject({ message: ADMIN_MESSAGES.jobNotRetryable, code: ADMIN_JOB_CODES.jobNotRetryable });
  });

  /** A failed generation of a new organization, as the worker leaves one (its debit refunded). */
  async function failedGeneration(prompt: string) {
    const { agent } = await signUp(t);
    const started = await agent.post('/api/generate').send({ prompt, quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);
    const id = started.body.job.id as string;
    await waitForSettledGeneration(id);
    await t.db.dataSource.query(`UPDATE generations SET status = 'failed', error = 'The image provider refused the prompt' WHERE id = $1`, [id]);
    return { agent, id, organizationId: await organizationIdOf(agent) };
  }

  async function waitForSettledGeneration(id: string) {
    for (let i = 0; i < 200; i += 1) {
      const [row] = await t.db.dataSource.query(`SELECT status FROM generations WHERE id = $1`, [id]);
      if (row.status === 'completed' || row.status === 'failed') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`generation ${id} did not settle`);
  }

  it('retries a failed generation once: of three concurrent clicks one runs it (one debit), the others and every later click get 409 naming the retry', async () => {
    const { agent, id, organizationId } = await failedGeneration('A windmill at noon');
    const before = (await agent.get('/api/credits/balance').expect(200)).body.credits as number;

    const answers = await Promise.all([1, 2, 3].map(() => admin.post(`/api/admin/jobs/generation/${id}/retry`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const [{ retried_as: retriedAs }] = await t.db.dataSource.query(`SELECT retried_as FROM generations WHERE id = $1`, [id]);
    for (const conflict of answers.filter((a) => a.status === 409)) {
      expect(conflict.body).toEqual({ statusCode: 409, error: 'Conflict', message: ADMIN_MESSAGES.generationAlreadyRetried, code: ADMIN_JOB_CODES.generationAlreadyRetried, retried_as: retriedAs });
    }
    const runs = await t.db.dataSource.query(`SELECT id FROM generations WHERE organization_id = $1 AND prompt = 'A windmill at noon' AND id <> $2`, [organizationId, id]);
    expect(runs).toEqual([{ id: retriedAs }]);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(before - 1);
    const audits = await t.db.dataSource.query(`SELECT after FROM admin_audit WHERE action = 'job.retry' AND target_id = $1`, [id]);
    expect(audits).toEqual([{ after: { state: 'queued', generation_id: retriedAs } }]);

    // Later, even once the retry has failed too, the original stays retried: only the retry can run again.
    await waitForSettledGeneration(retriedAs);
    await t.db.dataSource.query(`UPDATE generations SET status = 'failed' WHERE id = $1`, [retriedAs]);
    expect((await admin.post(`/api/admin/jobs/generation/${id}/retry`).expect(409)).body.retried_as).toBe(retriedAs);
    await admin.post(`/api/admin/jobs/generation/${retriedAs}/retry`).expect(200);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(before - 2);

    // Operations shows the link both ways.
    const listed = (await admin.get('/api/admin/jobs').query({ filter: '{"kind":"generation"}', range: '[0,199]' }).expect(200)).body as Array<{ job_id: string; retried_as: string | null; retry_of: string | null }>;
    const byId = new Map(listed.map((j) => [j.job_id, j]));
    expect(byId.get(id)).toMatchObject({ retried_as: retriedAs, retry_of: null });
    const second = byId.get(retriedAs)!.retried_as!;
    expect(byId.get(retriedAs)).toMatchObject({ retry_of: id, retried_as: expect.any(String) });
    expect(byId.get(second)).toMatchObject({ retry_of: retriedAs, retried_as: null });
    // The links open the list narrowed to that job (react-admin's row id, or a bare id).
    const one = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ id: `generation:${retriedAs}` }) }).expect(200);
    expect(one.body).toEqual([expect.objectContaining({ id: `generation:${retriedAs}`, retry_of: id, retried_as: second })]);
    expect(one.headers['content-range']).toBe('jobs 0-0/1');
    expect((await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ id, state: 'failed' }) }).expect(200)).body).toEqual([expect.objectContaining({ job_id: id })]);
    expect((await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ id: `event:${id}` }) }).expect(400)).body.message).toBe(ADMIN_MESSAGES.jobFilterInvalid);
    expect((await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ id: 'generation:1 OR 1=1' }) }).expect(400)).body.message).toBe(ADMIN_MESSAGES.jobFilterInvalid);
  });

  it('unparks a parked event once: of two, then three concurrent clicks one applies, the others get 409 with a code', async () => {
    // A test type no handler takes: the relay leaves it pending once unparked.
    const [{ id: eventId }] = await t.db.dataSource.query(
      `INSERT INTO outbox (event_id, type, payload, attempts, parked_at, last_error) VALUES (gen_random_uuid(), 'test.parked.twice', '{}', 8, now(), 'handler kept failing') RETURNING id`,
    );
    for (const clicks of [2, 3]) {
      await t.db.dataSource.query(`UPDATE outbox SET parked_at = now(), attempts = 8 WHERE id = $1`, [eventId]);
      const answers = await Promise.all(Array.from({ length: clicks }, () => admin.post(`/api/admin/jobs/event/${eventId}/retry`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(clicks - 1).fill(409)]);
      for (const conflict of answers.filter((a) => a.status === 409)) expect(conflict.body.code).toBe(ADMIN_JOB_CODES.eventAlreadyRetried);
    }
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'job.retry' AND target_id = $1`, [String(eventId)])).toEqual([{ n: 2 }]);
  });

  it('retries a failed generation clicked twice at once: one run, one debit, one 409', async () => {
    const { agent, id } = await failedGeneration('A canal at dusk');
    const before = (await agent.get('/api/credits/balance').expect(200)).body.credits as number;
    const answers = await Promise.all([1, 2].map(() => admin.post(`/api/admin/jobs/generation/${id}/retry`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(before - 1);
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM generations WHERE prompt = 'A canal at dusk'`)).toEqual([{ n: 2 }]);
  });

  it("reports a day's credits granted past 32 bits (three organizations at the balance maximum)", async () => {
    const before = (await admin.get('/api/admin/metrics?days=1').expect(200)).body.days[0].credits_granted as number;
    for (let i = 0; i < 3; i += 1) {
      const orgId = await organizationIdOf((await signUp(t)).agent);
      await t.db.dataSource.query(
        `WITH entry AS (INSERT INTO credit_ledger (organization_id, amount, type, description, status) VALUES ($1, $2, 'bonus', 'Fixture', 'completed'))
         UPDATE organizations SET credits = credits + $2 WHERE id = $1`,
        [orgId, CREDITS_MAX_BALANCE - WELCOME_BONUS_CREDITS],
      );
    }
    const [today] = (await admin.get('/api/admin/metrics?days=1').expect(200)).body.days;
    expect(today.credits_granted).toBe(before + 3 * CREDITS_MAX_BALANCE);
  });

  it('refuses a grant past the balance maximum with 400 and a code before anything is written, on both grant routes', async () => {
    const { agent } = await signUp(t, { username: 'Whale Org' });
    const orgId = await organizationIdOf(agent);
    // One step below the maximum, by grants of the largest size (the ledger matches the balance).
    const nearMaximum = CREDITS_MAX_BALANCE - 500;
    await t.db.dataSource.query(
      `WITH entry AS (INSERT INTO credit_ledger (organization_id, amount, type, description, status) VALUES ($1, $2, 'bonus', 'Fixture', 'completed'))
       UPDATE organizations SET credits = credits + $2 WHERE id = $1`,
      [orgId, nearMaximum - WELCOME_BONUS_CREDITS],
    );
    const ledgerBefore = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1`, [orgId]);

    const refused = await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: 1_000_000, reason: 'Big partner' }).expect(400);
    expect(refused.body).toEqual({ statusCode: 400, error: 'Bad Request', message: CREDITS_MESSAGES.balanceLimit(nearMaximum), code: CREDIT_BOUND_CODES.balanceLimit });
    expect((await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: 2_000_000, reason: 'x' }).expect(400)).body.code).toBe(CREDIT_BOUND_CODES.grantTooLarge);
    // The same organization's own administrator route (POST /api/credits/add) answers alike.
    await t.app.get(AuthService).setAdmin((await agent.get('/api/auth/user').expect(200)).body.email);
    expect((await agent.post('/api/credits/add').send({ amount: 501 }).expect(400)).body).toMatchObject({ code: CREDIT_BOUND_CODES.balanceLimit });
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1`, [orgId]);
    expect([{ n }]).toEqual(ledgerBefore);
    expect((await agent.get('/api/credits/balance').expect(200)).body.credits).toBe(nearMaximum);

    // Up to the maximum itself is fine; a correction still works from there.
    expect((await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: 500, reason: 'To the top' }).expect(200)).body.balance).toBe(CREDITS_MAX_BALANCE);
    expect((await admin.post(`/api/admin/organizations/${orgId}/credits`).send({ credits: -1, reason: 'One back' }).expect(200)).body.balance).toBe(CREDITS_MAX_BALANCE - 1);
    const [{ sum, credits }] = await t.db.dataSource.query(
      `SELECT (SELECT sum(amount)::bigint FROM credit_ledger WHERE organization_id = $1 AND status = 'completed')::int AS sum, (SELECT credits FROM organizations WHERE id = $1) AS credits`,
      [orgId],
    );
    expect(sum).toBe(credits);
  });
});
