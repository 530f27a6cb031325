// Meta ads against a local fake Graph API: connect (OAuth state, code exchange, long-lived token
// stored encrypted), status and refresh (paging followed), campaigns, pushing a library image as
// exactly one paused ad (also when a job is retried after a crash), Graph errors, the Graph API
// version (v27.0 by default; a retired version or field is a clear message and an administrator's
// warning), plans, and Meta's signed data-deletion callback.
import { type AdminMetaWarningDto, FORMAT_MESSAGES, META_MESSAGES } from '@brandloom/contracts';
import { AdNetworks, AuthService, UnknownAdNetworkError } from '@brandloom/core';
import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { languageFeedProblem, linkDataProblem } from '../../libs/core/src/testing/fake-meta';
import { setPlan, waitFor, waitForSettled } from '@brandloom/core/testing';
import { organizationIdOf, type Agent } from './generation-helpers';
import { appWithFakeMeta } from './meta-helpers';
import type { MatchesDocument } from './openapi-answers';
import { createTestApp, signUp, type TestApp } from './test-app';

describe('Meta ads (against a local fake Graph API)', () => {
  const suite = appWithFakeMeta({ META_PUSH_WAIT_MS: '15000' });
  const { meta, storageDir } = suite;
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  beforeAll(() => {
    ({ t, matchesDocument } = suite);
  });

  /** A signed-up member of a Team+ organization with one generated image in the library. */
  async function teamPlusMember(): Promise<{ agent: Agent; organizationId: string; assetId: string; assetKey: string }> {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await setPlan(t.db.dataSource, organizationId, 'Team+');
    const started = await agent.post('/api/generate').send({ prompt: 'A lighthouse at dawn', quality: 'low', size: '1024x1024', variationCount: 1 }).expect(201);
    await waitForSettled(t.db.dataSource, [started.body.job.id]);
    const [asset] = await t.db.dataSource.query(`SELECT id, s3_key FROM assets WHERE organization_id = $1`, [organizationId]);
    return { agent, organizationId, assetId: asset.id, assetKey: asset.s3_key };
  }

  /** auth-url → the fake dialog → our callback; returns the callback response. */
  async function connect(agent: Agent) {
    const started = await agent.get('/api/meta/auth-url').expect(200);
    matchesDocument('get', '/api/meta/auth-url', started);
    const { loginUrl } = started.body;
    const dialog = await fetch(loginUrl, { redirect: 'manual' });
    const back = new URL(dialog.headers.get('location')!);
    return { loginUrl: new URL(loginUrl), back, callback: await agent.get(back.pathname + back.search) };
  }

  const validPush = (assetId: string) => ({ assetId, adAccountId: 'act_111', adSetId: '7001', pageId: '501', campaignId: '9001', creativeName: 'Lighthouse - Meta Ad' });

  it('connects: the dialog gets client id, redirect URI, scopes and a state; the token is stored encrypted; status lists every account and page', async () => {
    const { agent, organizationId } = await teamPlusMember();
    expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ connected: false, plan_allows: true, configured: true });

    const { loginUrl, back, callback } = await connect(agent);
    expect(loginUrl.searchParams.get('client_id')).toBe(meta.appId);
    expect(loginUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/meta/callback');
    expect(loginUrl.searchParams.get('scope')).toBe('ads_management,ads_read,pages_show_list,pages_read_engagement,business_management');
    expect(loginUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(back.pathname).toBe('/api/meta/callback');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/library?meta=connected');

    // Code exchanged with the secret, then swapped for a long-lived token.
    const exchanges = meta.callsTo('GET', /\/oauth\/access_token$/);
    expect(exchanges.at(-2)!.query).toMatchObject({ client_id: meta.appId, client_secret: meta.appSecret, redirect_uri: 'http://localhost:3000/api/meta/callback' });
    expect(exchanges.at(-1)!.query).toMatchObject({ grant_type: 'fb_exchange_token' });

    const [row] = await t.db.dataSource.query(`SELECT token_ciphertext, meta_user_id, connected_at FROM meta_connections WHERE organization_id = $1`, [organizationId]);
    expect(row.meta_user_id).toBe(meta.user.id);
    expect(row.token_ciphertext).toMatch(/^v1\./);
    expect(row.token_ciphertext).not.toContain('EAA');

    const connected = await agent.get('/api/meta/status').expect(200);
    matchesDocument('get', '/api/meta/status', connected);
    const status = connected.body;
    expect(status).toMatchObject({ connected: true, expired: false, metaUser: meta.user });
    expect(status.adAccounts).toEqual([
      { id: 'act_111', name: 'Brandloom Ads', status: 1, currency: 'EUR' },
      { id: 'act_222', name: 'Closed account', status: 2, currency: 'USD' },
    ]);
    expect(status.pages).toEqual(meta.pages);
    expect(Date.parse(status.lastSync)).toBeGreaterThan(Date.now() - 60_000);
    // Both lists span several pages: paging.next was followed to the end.
    expect(meta.callsTo('GET', /\/me\/adaccounts$/).slice(-2).map((c) => c.query.after)).toEqual([undefined, '1']);
    expect(meta.callsTo('GET', /\/me\/accounts$/).slice(-2).map((c) => c.query.after)).toEqual([undefined, '1']);
    // Graph calls made with the token carried it in the header, never in the URL, and every one
    // (paging.next included) sent its appsecret_proof: HMAC-SHA256 of the token with the app secret.
    const withToken = meta.calls.filter((c) => c.authorization);
    expect(withToken.length).toBeGreaterThanOrEqual(5);
    for (const call of withToken) {
      expect(call.authorization).toMatch(/^Bearer EAA/);
      expect(JSON.stringify(call.query)).not.toContain('EAA');
      const token = call.authorization!.replace(/^Bearer /, '');
      expect(call.query.appsecret_proof).toBe(createHmac('sha256', meta.appSecret).update(token).digest('hex'));
    }
  });

  it("lands on /library?meta=error&reason=... when the user declines in Meta's dialog", async () => {
    const { agent, organizationId } = await teamPlusMember();
    const { loginUrl } = (await agent.get('/api/meta/auth-url').expect(200)).body;
    const state = new URL(loginUrl).searchParams.get('state')!;
    const declined = await agent.get(`/api/meta/callback?state=${state}&error=access_denied&error_description=${encodeURIComponent('Permissions error')}`).expect(302);
    expect(declined.headers.location).toBe(`/library?meta=error&reason=${encodeURIComponent('Permissions error')}`);
    expect(await t.db.dataSource.query(`SELECT 1 FROM meta_connections WHERE organization_id = $1`, [organizationId])).toEqual([]);
  });

  it('refuses a wrong, missing, replayed or expired state with 403, and exchanges no code for it', async () => {
    const { agent, organizationId } = await teamPlusMember();
    const { loginUrl } = (await agent.get('/api/meta/auth-url').expect(200)).body;
    const back = new URL((await fetch(loginUrl, { redirect: 'manual' })).headers.get('location')!);
    const code = back.searchParams.get('code')!;
    const exchangesBefore = meta.callsTo('GET', /\/oauth\/access_token$/).length;

    expect((await agent.get(`/api/meta/callback?code=${code}&state=forged`).expect(403)).body.message).toBe(META_MESSAGES.invalidState);
    // The wrong guess spent the state: even the right one is now refused.
    await agent.get(back.pathname + back.search).expect(403);
    await agent.get(`/api/meta/callback?code=${code}`).expect(403);
    // Another browser (no session) cannot use it either.
    await request(t.app.getHttpServer()).get(back.pathname + back.search).expect(403);

    // Replay: a successful callback cannot be used again.
    const { back: second, callback } = await connect(agent);
    expect(callback.status).toBe(302);
    await agent.get(second.pathname + second.search).expect(403);

    // Expired: a state older than 10 minutes.
    const { loginUrl: third } = (await agent.get('/api/meta/auth-url').expect(200)).body;
    await t.db.dataSource.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{metaOAuth,expiresAt}', to_jsonb((extract(epoch FROM now()) * 1000)::bigint - 1))::json
        WHERE sess->'metaOAuth'->>'organizationId' = $1`,
      [organizationId],
    );
    const late = new URL((await fetch(third, { redirect: 'manual' })).headers.get('location')!);
    await agent.get(late.pathname + late.search).expect(403);
    expect(meta.callsTo('GET', /\/oauth\/access_token$/).length).toBe(exchangesBefore + 2);
  });

  it('lists campaigns with their ad sets for a connected account only', async () => {
    const { agent } = await teamPlusMember();
    await connect(agent);
    const listed = await agent.get('/api/meta/campaigns?adAccountId=act_111').expect(200);
    matchesDocument('get', '/api/meta/campaigns', listed);
    const { campaigns } = listed.body;
    expect(campaigns).toEqual([
      { id: '9001', name: 'Spring launch', status: 'ACTIVE', objective: 'OUTCOME_TRAFFIC', adsets: [
        { id: '7001', name: 'Spring – EU', status: 'ACTIVE' },
        { id: '7002', name: 'Spring – US', status: 'ACTIVE' },
      ] },
      { id: '9002', name: 'Retargeting', status: 'PAUSED', objective: 'OUTCOME_SALES', adsets: [{ id: '7003', name: 'Retarget – all', status: 'ACTIVE' }] },
    ]);
    expect((await agent.get('/api/meta/campaigns?adAccountId=act_999').expect(404)).body.message).toBe(META_MESSAGES.accountNotFound);
    await agent.get('/api/meta/campaigns').expect(400);
  });

  it('pushes a library image as exactly one PAUSED ad in the chosen ad set, with the uploaded image and the chosen page', async () => {
    const { agent, organizationId, assetId, assetKey } = await teamPlusMember();
    await connect(agent);
    const adsBefore = meta.ads.length;
    const res = await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
    expect(res.body).toMatchObject({ message: META_MESSAGES.pushed, adResult: { id: expect.stringMatching(/^23860/) } });
    matchesDocument('post', '/api/meta/push-asset', res);

    expect(meta.ads.length).toBe(adsBefore + 1);
    const ad = meta.ads.at(-1)!;
    expect(ad).toMatchObject({ id: res.body.adResult.id, adset_id: '7001', status: 'PAUSED', name: 'Lighthouse - Meta Ad', account: 'act_111' });
    const creative = meta.creatives.find((c) => c.id === ad.creative_id)!;
    const image = meta.images.at(-1)!;
    const stored = readFileSync(join(storageDir, assetKey));
    expect(image.hash).toBe(createHash('md5').update(stored).digest('hex'));
    expect(creative.object_story_spec).toEqual({ page_id: '501', link_data: { image_hash: image.hash, link: 'http://localhost:3000', message: 'A lighthouse at dawn' } });

    const history = await agent.get('/api/meta/pushes').expect(200);
    matchesDocument('get', '/api/meta/pushes', history);
    const { pushes } = history.body;
    expect(pushes[0]).toMatchObject({ status: 'completed', assetId, adId: ad.id, creativeId: creative.id, adAccountId: 'act_111', campaignId: '9001', adSetId: '7001' });
    const one = await agent.get(`/api/meta/pushes/${pushes[0].id}`).expect(200);
    expect(one.body.id).toBe(pushes[0].id);
    matchesDocument('get', '/api/meta/pushes/{pushId}', one);
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM meta_pushes WHERE organization_id = $1`, [organizationId]);
    expect(n).toBe(1);

    // Once the organization names its website, the ad leads there instead of to the product.
    await agent.patch('/api/organization').send({ website: 'https://lighthouse.example.com' }).expect(200);
    const second = await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
    const secondAd = meta.ads.find((a) => a.id === second.body.adResult.id)!;
    const secondCreative = meta.creatives.find((c) => c.id === secondAd.creative_id)!;
    expect(secondCreative.object_story_spec).toMatchObject({ link_data: { link: 'https://lighthouse.example.com' } });
  });

  it("pushes a finished ad with its copy: body as the message, headline as the name, its button leading to the ad's link", async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    const copy = { headline: 'Find your light', body: 'Weekend trips to the coast, booked in a minute.', cta: 'BOOK_NOW' };
    const created = await agent.post('/api/ads').send({ assetId, placements: ['1:1'], layout: 'bottom-band', ...copy, logo: null, brandProfileId: null }).expect(202);
    const ad = await waitFor('the rendered ad', async () => {
      const body = (await agent.get(`/api/ads/${created.body.ads[0].id}`).expect(200)).body as { status: string; asset_id: string | null };
      return body.status === 'completed' ? body : undefined;
    }, 30_000);
    const push = { ...validPush(ad.asset_id!), creativeName: 'Lighthouse ad' };

    // An ad's button needs the organization's own link: none given and no website is a 400 before any Meta call.
    const creativesBefore = meta.creatives.length;
    expect((await agent.post('/api/meta/push-asset').send(push).expect(400)).body.message).toBe(META_MESSAGES.linkRequired);
    for (const link of ['http://trips.example.com', 'javascript:alert(1)', 'https://localhost', `https://trips.example.com/${'a'.repeat(1100)}`]) {
      expect((await agent.post('/api/meta/push-asset').send({ ...push, link }).expect(400)).body.message).toContain(META_MESSAGES.linkInvalid);
    }
    expect(meta.creatives.length).toBe(creativesBefore);

    const res = await agent.post('/api/meta/push-asset').send({ ...push, link: 'https://trips.example.com/coast?utm_source=meta' }).expect(201);
    const pushedAd = meta.ads.find((a) => a.id === res.body.adResult.id)!;
    expect(pushedAd.status).toBe('PAUSED');
    const creative = meta.creatives.find((c) => c.id === pushedAd.creative_id)!;
    expect(creative.object_story_spec).toEqual({
      page_id: '501',
      link_data: {
        image_hash: meta.images.at(-1)!.hash,
        link: 'https://trips.example.com/coast?utm_source=meta',
        message: copy.body,
        name: copy.headline,
        call_to_action: { type: 'BOOK_NOW', value: { link: 'https://trips.example.com/coast?utm_source=meta' } },
      },
    });

    // Without a link the ad leads to the organization's website.
    await agent.patch('/api/organization').send({ website: 'https://lighthouse.example.com' }).expect(200);
    const second = await agent.post('/api/meta/push-asset').send({ ...push, creativeName: 'Lighthouse ad 2' }).expect(201);
    const secondCreative = meta.creatives.find((c) => c.id === meta.ads.find((a) => a.id === second.body.adResult.id)!.creative_id)!;
    expect(secondCreative.object_story_spec).toMatchObject({
      link_data: { link: 'https://lighthouse.example.com', name: copy.headline, call_to_action: { type: 'BOOK_NOW', value: { link: 'https://lighthouse.example.com' } } },
    });

    // The fake Graph API refuses what Meta refuses in link_data.
    expect(linkDataProblem({ image_hash: 'h', link: 'https://a.example.com', call_to_action: { type: 'BOOK_NOW', value: { link: 'https://b.example.com' } } })).toMatch(/same as the link url/);
    expect(linkDataProblem({ image_hash: 'h', link: 'https://a.example.com', call_to_action: { type: 'PRESS_HERE', value: { link: 'https://a.example.com' } } })).toMatch(/call_to_action\]\[type\]/);
    expect(linkDataProblem({ image_hash: 'h', link: 'https://a.example.com', headline: 'x' })).toMatch(/link_data\[headline\] is not a valid field/);
    expect(linkDataProblem({ image_hash: 'h', message: 'no link' })).toMatch(/link_data\[link\]/);
  });

  it('pushes an ad and its translations as one multi-language creative (a rule per language, Meta locales), or refuses when there is nothing to combine', async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    await agent.patch('/api/organization').send({ website: 'https://lighthouse.example.com' }).expect(200);
    const base = { assetId, placements: ['1:1'], layout: 'bottom-band', cta: 'BOOK_NOW', logo: null, brandProfileId: null };
    const make = async (copy: { headline: string; body: string; language?: string }) => {
      const created = await agent.post('/api/ads').send({ ...base, ...copy }).expect(202);
      return waitFor(`the ${copy.language ?? 'en-US'} ad`, async () => {
        const body = (await agent.get(`/api/ads/${created.body.ads[0].id}`).expect(200)).body as { status: string; asset_id: string | null };
        return body.status === 'completed' ? body : undefined;
      }, 30_000);
    };
    const english = await make({ headline: 'Find your light', body: 'Weekend trips to the coast.' });
    const push = { ...validPush(english.asset_id!), creativeName: 'Lighthouse in every language', multiLanguage: true };

    // A plain picture is no ad, and an ad without a translation has nothing to combine: 400s before any Meta call.
    const creativesBefore = meta.creatives.length;
    expect((await agent.post('/api/meta/push-asset').send({ ...push, assetId }).expect(400)).body.message).toBe(META_MESSAGES.multiLanguageNeedsAd);
    expect((await agent.post('/api/meta/push-asset').send(push).expect(400)).body.message).toBe(META_MESSAGES.noTranslations);
    expect(String((await agent.post('/api/meta/push-asset').send({ ...push, multiLanguage: 'yes' }).expect(400)).body.message)).toContain('multiLanguage');
    expect(meta.creatives.length).toBe(creativesBefore);

    // The translations, as the composer saves them after POST /api/ads/translate: the same ad, one per language.
    await make({ headline: 'Finde dein Licht', body: 'Wochenendreisen an die Küste.', language: 'de' });
    await make({ headline: 'Trouvez votre lumière', body: '', language: 'fr' });
    const imagesBefore = meta.images.length;
    const res = await agent.post('/api/meta/push-asset').send(push);
    expect(res.body).toMatchObject({ push: { status: 'completed' } });
    const pushedAd = meta.ads.find((a) => a.id === res.body.adResult.id)!;
    expect(pushedAd.status).toBe('PAUSED');
    const creative = meta.creatives.find((c) => c.id === pushedAd.creative_id)!;
    expect(creative.object_story_spec).toEqual({ page_id: '501' });
    const uploaded = meta.images.slice(imagesBefore).map((image) => image.hash);
    expect(uploaded).toHaveLength(3);
    const label = (name: string) => [{ name }];
    const link = 'https://lighthouse.example.com';
    expect(creative.asset_feed_spec).toEqual({
      ad_formats: ['SINGLE_IMAGE'],
      images: [
        { hash: uploaded[0], adlabels: label('en_XX') },
        { hash: uploaded[1], adlabels: label('de_DE') },
        { hash: uploaded[2], adlabels: label('fr_XX') },
      ],
      titles: [
        { text: 'Find your light', adlabels: label('en_XX') },
        { text: 'Finde dein Licht', adlabels: label('de_DE') },
        { text: 'Trouvez votre lumière', adlabels: label('fr_XX') },
      ],
      bodies: [
        { text: 'Weekend trips to the coast.', adlabels: label('en_XX') },
        { text: 'Wochenendreisen an die Küste.', adlabels: label('de_DE') },
        { text: 'Trouvez votre lumière', adlabels: label('fr_XX') },
      ],
      descriptions: ['en_XX', 'de_DE', 'fr_XX'].map((name) => ({ text: ' ', adlabels: label(name) })),
      link_urls: ['en_XX', 'de_DE', 'fr_XX'].map((name) => ({ website_url: link, adlabels: label(name) })),
      call_to_action_types: ['BOOK_NOW'],
      optimization_type: 'LANGUAGE',
      asset_customization_rules: [
        ['en_XX', [1001], true],
        ['de_DE', [5], false],
        ['fr_XX', [1003], false],
      ].map(([name, locales, isDefault]) => ({
        customization_spec: { locales },
        image_label: { name },
        title_label: { name },
        body_label: { name },
        description_label: { name },
        link_url_label: { name },
        is_default: isDefault,
      })),
    });
    // Each language's image is that language's rendered ad.
    const [row] = await t.db.dataSource.query(`SELECT language_variants FROM meta_pushes WHERE id = $1`, [res.body.push.id]);
    expect(row.language_variants.map((variant: { language: string; hash: string }) => [variant.language, variant.hash])).toEqual([
      ['en-US', uploaded[0]],
      ['de', uploaded[1]],
      ['fr', uploaded[2]],
    ]);

    // The fake Graph API refuses what Meta refuses in a multi-language feed.
    const feed = creative.asset_feed_spec as Record<string, unknown> & { asset_customization_rules: Array<Record<string, unknown>> };
    const known = (hash: unknown) => uploaded.includes(hash as string);
    expect(languageFeedProblem(feed, known)).toBeNull();
    const rules = feed.asset_customization_rules;
    expect(languageFeedProblem({ ...feed, asset_customization_rules: rules.map((rule) => ({ ...rule, is_default: true })) }, known)).toMatch(/exactly one .* default/);
    expect(languageFeedProblem({ ...feed, asset_customization_rules: rules.map(({ is_default: _, ...rule }) => rule) }, known)).toMatch(/needs is_default/);
    expect(languageFeedProblem({ ...feed, asset_customization_rules: [rules[0], { ...rules[1], customization_spec: { locales: [1001] } }] }, known)).toMatch(/locale 1001 is in two/);
    expect(languageFeedProblem({ ...feed, asset_customization_rules: [rules[0], { ...rules[1], customization_spec: { locales: ['de'] } }] }, known)).toMatch(/not a valid ad locale/);
    expect(languageFeedProblem({ ...feed, asset_customization_rules: [rules[0], { ...rules[1], body_label: { name: 'german' } }] }, known)).toMatch(/body_label must name/);
    expect(languageFeedProblem({ ...feed, asset_customization_rules: [rules[0]] }, known)).toMatch(/at least two/);
    expect(languageFeedProblem({ ...feed, titles: [{ text: 'No label' }] }, known)).toMatch(/needs one adlabel/);
    expect(languageFeedProblem({ ...feed, call_to_action_types: ['BOOK_NOW', 'SHOP_NOW'] }, known)).toMatch(/exactly one call to action/);
    expect(languageFeedProblem(feed, () => false)).toBe('Invalid image hash');
  });

  it("pushes the asset's chosen ad format: refused until it exists, then the creative uses that image", async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    const missing = await agent.post('/api/meta/push-asset').send({ ...validPush(assetId), format: '9:16' }).expect(400);
    expect(missing.body.message).toBe(FORMAT_MESSAGES.formatMissing('9:16'));
    await agent.post('/api/meta/push-asset').send({ ...validPush(assetId), format: '2:1' }).expect(400);

    const started = await agent.post(`/api/assets/${assetId}/formats`).send({ formats: ['9:16'], method: 'extend' }).expect(201);
    const story = await waitFor('the 9:16 format', async () => {
      const [row] = await t.db.dataSource.query(`SELECT a.id, a.s3_key FROM format_jobs j JOIN assets a ON a.id = j.result_asset_id WHERE j.id = $1`, [started.body.jobs[0].id]);
      return row as { id: string; s3_key: string } | undefined;
    });
    const res = await agent.post('/api/meta/push-asset').send({ ...validPush(assetId), format: '9:16' }).expect(201);
    const image = meta.images.at(-1)!;
    const stored = readFileSync(join(storageDir, story.s3_key));
    expect(image.hash).toBe(createHash('md5').update(stored).digest('hex'));
    expect(await sharp(image.bytes).metadata()).toMatchObject({ width: 1080, height: 1920 });
    const { pushes } = (await agent.get('/api/meta/pushes').expect(200)).body;
    expect(pushes[0]).toMatchObject({ assetId: story.id, adId: res.body.adResult.id });
  });

  it('creates one ad when the job is retried after a crash: before the ad (creative reused) and after it (ad found again)', async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    const creativesBefore = meta.creatives.length;
    const adsBefore = meta.ads.length;

    meta.failNext('POST', /\/ads$/, 'drop');
    const first = await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
    expect(meta.creatives.length).toBe(creativesBefore + 1);
    expect(meta.ads.length).toBe(adsBefore + 1);
    expect(meta.ads.at(-1)!.id).toBe(first.body.adResult.id);

    meta.failNext('POST', /\/ads$/, 'drop-after');
    const second = await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
    expect(meta.ads.length).toBe(adsBefore + 2);
    expect(second.body.adResult.id).toBe(meta.ads.at(-1)!.id);

    // The history: one row per push, newest first, naming who pushed and what was made.
    const { pushes } = (await agent.get('/api/meta/pushes').expect(200)).body;
    expect(pushes.map((p: { adId: string }) => p.adId)).toEqual([second.body.adResult.id, first.body.adResult.id]);
    expect(pushes[0]).toMatchObject({ status: 'completed', assetId, pushedBy: expect.any(String), creativeId: expect.any(String), error: null });
  });

  it('a push clicked twice, then three times at once, makes one ad: every click gets that ad', async () => {
    const { agent, organizationId, assetId } = await teamPlusMember();
    await connect(agent);
    const adsBefore = meta.ads.length;
    for (const clicks of [2, 3]) {
      // Meta rate-limits the first upload: the push stays under way (a 1 s backoff) while the other clicks arrive.
      meta.failNext('POST', /\/adimages$/, { code: 613, message: 'Calls to this api have exceeded the rate limit.' });
      const name = `Lighthouse ${clicks}`;
      const answers = await Promise.all(Array.from({ length: clicks }, () => agent.post('/api/meta/push-asset').send({ ...validPush(assetId), creativeName: name })));
      expect(answers.map((a) => a.status)).toEqual(Array(clicks).fill(201));
      expect(new Set(answers.map((a) => a.body.adResult.id)).size).toBe(1);
      const rows = await t.db.dataSource.query(`SELECT status FROM meta_pushes WHERE organization_id = $1 AND creative_name = $2`, [organizationId, name]);
      expect(rows).toEqual([{ status: 'completed' }]);
    }
    expect(meta.ads.length).toBe(adsBefore + 2);
  });

  it('retries a push that Meta rate-limits and still creates exactly one ad', async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    const adsBefore = meta.ads.length;
    const uploadsBefore = meta.callsTo('POST', /\/adimages$/).length;
    meta.failNext('POST', /\/adimages$/, { code: 613, message: 'Calls to this api have exceeded the rate limit.' });
    const res = await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
    expect(meta.callsTo('POST', /\/adimages$/).length).toBe(uploadsBefore + 2);
    expect(meta.ads.length).toBe(adsBefore + 1);
    expect(meta.ads.at(-1)).toMatchObject({ id: res.body.adResult.id, status: 'PAUSED' });
  });

  it('keeps a failed push\'s reason with its code: Meta\'s words and meta_api_error for a request Meta refuses', async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    meta.failNext('POST', /\/adcreatives$/, { code: 100, message: 'Invalid parameter' });
    const res = await agent.post('/api/meta/push-asset').send(validPush(assetId));
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'meta_api_error' });
    const { pushes } = (await agent.get('/api/meta/pushes').expect(200)).body;
    expect(pushes[0]).toMatchObject({ status: 'failed', errorCode: 'meta_api_error', error: expect.stringContaining('Invalid parameter') });
    const completed = (await agent.get('/api/meta/pushes').expect(200)).body.pushes.filter((push: { status: string }) => push.status === 'completed');
    expect(completed.every((push: { errorCode: unknown }) => push.errorCode === null)).toBe(true);
  });

  it('answers 202 with a push id when the job outlasts the wait, and the push can be followed to its end', async () => {
    const { agent, assetId } = await teamPlusMember();
    await connect(agent);
    const quick = await suite.anotherApp({ META_PUSH_WAIT_MS: '0' });
    try {
      const cookie = (await agent.get('/api/auth/user')).request.cookies;
      const accepted = await request(quick.app.getHttpServer())
        .post('/api/meta/push-asset')
        .set('Origin', 'http://localhost:3000')
        .set('Cookie', cookie)
        .send(validPush(assetId))
        .expect(202);
      expect(accepted.body).toEqual({ message: expect.any(String), pushId: expect.any(String) });
      matchesDocument('post', '/api/meta/push-asset', accepted);
      const done = await waitFor('the push to end', async () => {
        const push = (await agent.get(`/api/meta/pushes/${accepted.body.pushId}`).expect(200)).body;
        return push.status === 'completed' ? push : undefined;
      });
      expect(meta.ads.some((ad) => ad.id === done.adId)).toBe(true);
    } finally {
      await quick.close();
    }
  });

  it('refuses bad pushes with clear 4xx and creates nothing', async () => {
    const { agent, assetId } = await teamPlusMember();
    const other = await teamPlusMember();
    await connect(agent);
    const adsBefore = meta.ads.length;
    const push = (changes: Record<string, unknown>) => agent.post('/api/meta/push-asset').send({ ...validPush(assetId), ...changes });

    expect((await push({ adAccountId: 'act_222' }).expect(400)).body.message).toBe(META_MESSAGES.accountInactive);
    expect((await push({ assetId: other.assetId }).expect(404)).body.message).toBe('Asset not found');
    expect((await push({ adSetId: '7003' }).expect(400)).body.message).toBe(META_MESSAGES.adSetNotInCampaign);
    expect((await push({ adAccountId: 'act_999' }).expect(404)).body.message).toBe(META_MESSAGES.accountNotFound);
    expect((await push({ pageId: '999' }).expect(404)).body.message).toBe(META_MESSAGES.pageNotFound);
    expect((await push({ creativeName: '   ' }).expect(400)).body.message).toEqual([META_MESSAGES.enterCreativeName]);
    expect((await push({ creativeName: undefined }).expect(400)).body.message).toEqual([META_MESSAGES.enterCreativeName]);
    expect((await push({ creativeName: 'x'.repeat(101) }).expect(400)).body.message).toEqual([META_MESSAGES.creativeNameTooLong]);
    expect((await push({ adSetId: undefined }).expect(400)).body.message).toEqual([META_MESSAGES.selectAdSet]);
    expect(meta.ads.length).toBe(adsBefore);
    // The other organization sees none of this one's pushes.
    expect((await other.agent.get('/api/meta/pushes').expect(200)).body.pushes).toEqual([]);
  });

  it('turns Graph errors into clear answers: an expired token asks to reconnect, rate limits to retry later', async () => {
    const { agent } = await teamPlusMember();
    await connect(agent);
    // Graph's rate limits: application (4), user (17), business (32) and per-call (613).
    for (const code of [4, 17, 32, 613]) {
      meta.failNext('GET', /\/me\/adaccounts$/, { code, message: 'User request limit reached' });
      const limited = await agent.post('/api/meta/refresh').expect(429);
      expect([code, limited.body.message]).toEqual([code, META_MESSAGES.rateLimited]);
    }

    meta.failNext('GET', /\/me\/adaccounts$/, { code: 100, message: 'Unsupported get request' });
    expect((await agent.post('/api/meta/refresh').expect(502)).body.message).toBe('Meta answered: Unsupported get request');

    meta.failNext('GET', /\/me\/adaccounts$/, { code: 190, message: 'Session has expired' });
    expect((await agent.post('/api/meta/refresh').expect(409)).body.message).toBe(META_MESSAGES.expired);
    expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ connected: false, expired: true });
    expect((await agent.get('/api/meta/campaigns?adAccountId=act_111').expect(409)).body.message).toBe(META_MESSAGES.expired);

    // Reconnecting makes it active again; disconnecting deletes the token and the cache.
    expect((await connect(agent)).callback.headers.location).toBe('/library?meta=connected');
    expect((await agent.get('/api/meta/status').expect(200)).body.connected).toBe(true);
    matchesDocument('post', '/api/meta/disconnect', await agent.post('/api/meta/disconnect').expect(200));
    expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ connected: false, expired: false, adAccounts: [], pages: [] });
  });

  it("reads a pushed ad's insights through the ad-network port: Graph's insights edge over the ad's life, figures as numbers; no other organization's ad", async () => {
    const { agent, organizationId, assetId } = await teamPlusMember();
    await connect(agent);
    const adId: string = (await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201)).body.adResult.id;
    const network = t.app.get(AdNetworks).get('meta');

    // Before any delivery Graph answers no row: zeros, the account's currency, no period.
    expect(await network.readInsights(organizationId, adId)).toEqual({ adId, impressions: 0, reach: 0, clicks: 0, spend: 0, currency: 'EUR', ctr: 0, dateStart: null, dateStop: null });
    meta.insights.set(adId, { impressions: '1520', reach: '1204', clicks: '37', spend: '12.48', ctr: '2.434211', account_currency: 'EUR', date_start: '2026-11-20', date_stop: '2026-11-25' });
    expect(await network.readInsights(organizationId, adId)).toEqual({ adId, impressions: 1520, reach: 1204, clicks: 37, spend: 12.48, currency: 'EUR', ctr: 2.434211, dateStart: '2026-11-20', dateStop: '2026-11-25' });
    const call = meta.callsTo('GET', new RegExp(`/${adId}/insights$`)).at(-1)!;
    expect(call.query.date_preset).toBe('maximum');
    expect(call.query.fields.split(',')).toEqual(expect.arrayContaining(['impressions', 'reach', 'clicks', 'spend', 'ctr', 'account_currency']));
    expect(call.authorization).toMatch(/^Bearer EAA/);

    // An ad another organization pushed, or an id that is no ad at all: not found, and Meta is not asked.
    const { agent: stranger } = await signUp(t);
    const strangerOrganization = await organizationIdOf(stranger);
    await setPlan(t.db.dataSource, strangerOrganization, 'Team+');
    const calls = meta.calls.length;
    for (const [organization, id] of [[strangerOrganization, adId], [organizationId, '7001'], [organizationId, 'act_111'], [organizationId, '../me']]) {
      await expect(network.readInsights(organization, id)).rejects.toMatchObject({ code: 'meta_not_found', message: META_MESSAGES.adNotFound });
    }
    expect(meta.calls.length).toBe(calls);

    // Meta refusing the token marks the connection expired, as every other call does.
    meta.failNext('GET', /\/insights$/, { code: 190, message: 'Session has expired' });
    await expect(network.readInsights(organizationId, adId)).rejects.toMatchObject({ code: 'meta_token_expired' });
    expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ connected: false, expired: true });
    expect(() => t.app.get(AdNetworks).get('tiktok')).toThrow(UnknownAdNetworkError);
  });

  describe('the Graph API version', () => {
    /** Another API process on the same database (another configuration), reached with `agent`'s session. */
    async function otherApp(env: Record<string, string | undefined>) {
      const app = await suite.anotherApp(env);
      const as = async (agent: Agent) => {
        const cookie = (await agent.get('/api/auth/user')).request.cookies;
        return {
          get: (path: string) => request(app.app.getHttpServer()).get(path).set('Cookie', cookie),
          post: (path: string) => request(app.app.getHttpServer()).post(path).set('Origin', 'http://localhost:3000').set('Cookie', cookie),
        };
      };
      return { app, as };
    }

    async function administrator(): Promise<Agent> {
      const { agent, user } = await signUp(t);
      await t.app.get(AuthService).setAdmin(user.email);
      return agent;
    }

    const warned = (spy: jest.SpyInstance) => spy.mock.calls.map(([message]) => String(message));

    it('sends every Graph call, the OAuth dialog included, to /v27.0/ by default', async () => {
      const { agent, assetId } = await teamPlusMember();
      const from = meta.calls.length;
      const { loginUrl } = await connect(agent);
      await agent.get('/api/meta/campaigns?adAccountId=act_111').expect(200);
      await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
      expect(loginUrl.pathname).toBe('/v27.0/dialog/oauth');
      const paths = meta.calls.slice(from).map((c) => c.path);
      expect(paths).toEqual(expect.arrayContaining(['/v27.0/oauth/access_token', '/v27.0/me/adaccounts', '/v27.0/act_111/campaigns', '/v27.0/act_111/adimages', '/v27.0/act_111/ads']));
      expect(paths.filter((path) => !path.startsWith('/v27.0/'))).toEqual([]);
    });

    it("builds the OAuth dialog URL from META_GRAPH_VERSION when META_OAUTH_DIALOG_URL is unset", async () => {
      const { agent } = await teamPlusMember();
      const v26 = await otherApp({ ...meta.env('v26.0'), META_OAUTH_DIALOG_URL: undefined });
      try {
        const { loginUrl } = (await (await v26.as(agent)).get('/api/meta/auth-url').expect(200)).body;
        expect(loginUrl).toMatch(/^https:\/\/www\.facebook\.com\/v26\.0\/dialog\/oauth\?/);
        expect(new URL(loginUrl).searchParams.get('client_id')).toBe(meta.appId);
      } finally {
        await v26.app.close();
      }
    });

    it('on an expired version: campaigns and pushes answer a message about the version (not Meta\'s #2635), administrators see why in the log and on the dashboard', async () => {
      const { agent, assetId } = await teamPlusMember();
      await connect(agent);
      const admin = await administrator();
      const warn = jest.spyOn(Logger.prototype, 'warn');
      const expired = await otherApp(meta.env('v24.0'));
      try {
        // At start: Meta's version table says v24.0 expired on November 10, 2026.
        expect(warned(warn)).toContainEqual(expect.stringContaining('Meta Marketing API v24.0 expired on 2026-11-10'));
        const member = await expired.as(agent);
        const adsBefore = meta.ads.length;

        const campaigns = await member.get('/api/meta/campaigns?adAccountId=act_111');
        expect(campaigns.status).toBe(503);
        expect(campaigns.body.message).toBe(META_MESSAGES.versionRetired('v24.0'));
        expect(campaigns.body.message).not.toMatch(/#2635|deprecated version of the Ads API/);
        // The fake answered as Meta does for an expired version: 400, OAuthException #2635.
        expect(meta.calls.filter((c) => c.path === '/v24.0/act_111/campaigns').length).toBeGreaterThan(0);
        const refused = await fetch(`${meta.url}/v24.0/act_111/campaigns?fields=id`);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({
          error: { message: '(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: v27.0.', type: 'OAuthException', code: 2635, fbtrace_id: expect.any(String) },
        });

        const push = await member.post('/api/meta/push-asset').send(validPush(assetId));
        expect([push.status, push.body.message]).toEqual([503, META_MESSAGES.versionRetired('v24.0')]);
        expect(meta.ads.length).toBe(adsBefore);

        // One warn line per refused call, naming the version, the code and the call (ids replaced).
        expect(warned(warn)).toContainEqual(expect.stringMatching(/Meta refused GET \/\{id\}\/campaigns on Graph API v24\.0 as a retired API version \(code 2635\)/));
        const adminView = await expired.as(admin);
        const dashboard = await adminView.get('/api/admin/dashboard').expect(200);
        matchesDocument('get', '/api/admin/dashboard', dashboard);
        const { metaWarnings } = dashboard.body as { metaWarnings: AdminMetaWarningDto[] };
        // The English message for the API, and a code with its values for screens in other languages.
        expect(metaWarnings[0]).toMatchObject({
          kind: 'version_expiring',
          graphVersion: 'v24.0',
          message: expect.stringContaining('expired on 2026-11-10'),
          messageCode: 'version_expired_on',
          messageValues: { expiresOn: '2026-11-10', metaMessage: null },
        });
        expect(metaWarnings).toContainEqual(
          expect.objectContaining({
            kind: 'version_retired',
            graphVersion: 'v24.0',
            code: 2635,
            call: 'GET /{id}/campaigns',
            occurrences: expect.any(Number),
            message: expect.stringContaining('META_GRAPH_VERSION'),
            messageCode: 'call_refused_retired_version',
            messageValues: { expiresOn: null, metaMessage: 'You are calling a deprecated version of the Ads API. Please update to the latest version: v27.0.' },
          }),
        );
        expect(metaWarnings).toContainEqual(expect.objectContaining({ kind: 'version_retired', code: 2635, call: 'GET /{id}' }));
        // The API on v27.0 shows none of them: they concern a version it does not use.
        expect((await admin.get('/api/admin/dashboard').expect(200)).body.metaWarnings).toEqual([]);
        // Members never reach the administrators' view.
        await member.get('/api/admin/dashboard').expect(403);
      } finally {
        warn.mockRestore();
        await expired.app.close();
      }
    });

    it('a field or call Meta retired fails the push once, with a message about the version, and warns administrators', async () => {
      const { agent, assetId } = await teamPlusMember();
      await connect(agent);
      const admin = await administrator();
      const adsBefore = meta.ads.length;
      const creativesTried = meta.callsTo('POST', /\/adcreatives$/).length;
      meta.failNext('POST', /\/adcreatives$/, { code: 12, message: '(#12) object_story_spec field is deprecated for versions v27.0 and higher' });

      const res = await agent.post('/api/meta/push-asset').send(validPush(assetId));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body).toMatchObject({ code: 'meta_graph_retired', message: META_MESSAGES.featureRetired('v27.0') });
      expect(res.body.message).not.toContain('(#12)');
      // Not retried: retrying cannot bring a retired field back.
      expect(meta.callsTo('POST', /\/adcreatives$/).length).toBe(creativesTried + 1);
      expect(meta.ads.length).toBe(adsBefore);
      const { pushes } = (await agent.get('/api/meta/pushes').expect(200)).body;
      expect(pushes[0]).toMatchObject({ status: 'failed', error: META_MESSAGES.featureRetired('v27.0'), errorCode: 'meta_graph_retired' });

      const { metaWarnings } = (await admin.get('/api/admin/dashboard').expect(200)).body as { metaWarnings: AdminMetaWarningDto[] };
      expect(metaWarnings).toEqual([
        expect.objectContaining({
          kind: 'feature_retired',
          graphVersion: 'v27.0',
          code: 12,
          call: 'POST /{id}/adcreatives',
          occurrences: 1,
          message: expect.stringContaining('"object_story_spec field is deprecated for versions v27.0 and higher"'),
          messageCode: 'call_refused_retired_feature',
          messageValues: { expiresOn: null, metaMessage: 'object_story_spec field is deprecated for versions v27.0 and higher' },
        }),
      ]);
    });
  });

  it('refuses a token whose ciphertext was tampered with or moved to another organization', async () => {
    const a = await teamPlusMember();
    const b = await teamPlusMember();
    await connect(a.agent);
    await connect(b.agent);
    const [rowA] = await t.db.dataSource.query(`SELECT token_ciphertext FROM meta_connections WHERE organization_id = $1`, [a.organizationId]);
    // A's sealed token copied into B's row: the associated data (B's id) does not match.
    await t.db.dataSource.query(`UPDATE meta_connections SET token_ciphertext = $2 WHERE organization_id = $1`, [b.organizationId, rowA.token_ciphertext]);
    expect((await b.agent.post('/api/meta/refresh').expect(409)).body.message).toBe(META_MESSAGES.expired);
    // A's own, with one byte of the ciphertext flipped.
    const [v, iv, tag, body] = rowA.token_ciphertext.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    await t.db.dataSource.query(`UPDATE meta_connections SET token_ciphertext = $2 WHERE organization_id = $1`, [a.organizationId, [v, iv, tag, flipped.toString('base64url')].join('.')]);
    expect((await a.agent.post('/api/meta/refresh').expect(409)).body.message).toBe(META_MESSAGES.expired);
  });

  it('keeps the integration to Team+: a Starter organization gets 403 naming the plan, and status says the plan does not allow it', async () => {
    const { agent } = await signUp(t);
    expect((await agent.get('/api/meta/auth-url').expect(403)).body.message).toBe(META_MESSAGES.planRequired);
    await agent.post('/api/meta/refresh').expect(403);
    expect((await agent.get('/api/meta/campaigns?adAccountId=act_111').expect(403)).body.message).toBe(META_MESSAGES.planRequired);
    expect((await agent.post('/api/meta/push-asset').send(validPush('00000000-0000-4000-8000-000000000000')).expect(403)).body.message).toBe(META_MESSAGES.planRequired);
    expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ connected: false, plan_allows: false });
    await request(t.app.getHttpServer()).get('/api/meta/status').expect(401);
  });

  it("honours Meta's data-deletion callback: a valid signature deletes the user's tokens and pushes everywhere; the code shows the status", async () => {
    const { agent, organizationId, assetId } = await teamPlusMember();
    // The same Meta user connected in a second organization, with a push there too.
    const second = await teamPlusMember();
    await connect(agent);
    await agent.post('/api/meta/push-asset').send(validPush(assetId)).expect(201);
    await connect(second.agent);
    await second.agent.post('/api/meta/push-asset').send(validPush(second.assetId)).expect(201);
    const http = () => request(t.app.getHttpServer());

    // No Origin (Meta's servers call it) and a form body; a forged signature changes nothing.
    const forged = await http().post('/api/meta/data-deletion').type('form').send({ signed_request: meta.signedRequest(meta.user.id, 'not-the-secret') }).expect(400);
    expect(forged.body.message).toBe(META_MESSAGES.invalidSignedRequest);
    await http().post('/api/meta/data-deletion').type('form').send({ signed_request: 'garbage' }).expect(400);
    await http().post('/api/meta/data-deletion').send({ signed_request: meta.signedRequest(meta.user.id) }).expect(415);
    expect((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM meta_connections WHERE organization_id = $1`, [organizationId]))[0].n).toBe(1);

    const done = await http().post('/api/meta/data-deletion').type('form').send({ signed_request: meta.signedRequest(meta.user.id) }).expect(200);
    expect(done.body).toEqual({ url: `http://localhost:3000/meta-deletion?code=${done.body.confirmation_code}`, confirmation_code: expect.stringMatching(/^[A-Z0-9]{16}$/) });
    matchesDocument('post', '/api/meta/data-deletion', done);
    const left = await t.db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM meta_connections WHERE meta_user_id = $1) AS connections, (SELECT count(*)::int FROM meta_pushes WHERE meta_user_id = $1) AS pushes`,
      [meta.user.id],
    );
    expect(left).toEqual([{ connections: 0, pushes: 0 }]);
    for (const member of [agent, second.agent]) {
      expect((await member.get('/api/meta/status').expect(200)).body.connected).toBe(false);
      expect((await member.get('/api/meta/pushes').expect(200)).body.pushes).toEqual([]);
    }

    const deletion = await http().get(`/api/meta/data-deletion/${done.body.confirmation_code}`).expect(200);
    matchesDocument('get', '/api/meta/data-deletion/{code}', deletion);
    const status = deletion.body;
    expect(status).toMatchObject({ confirmation_code: done.body.confirmation_code, status: 'completed' });
    await http().get('/api/meta/data-deletion/UNKNOWNCODE12345').expect(404);
  });
});

describe('Meta ads without a Meta app configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ META_APP_ID: undefined, META_APP_SECRET: undefined, META_TOKEN_KEY: undefined });
  });
  afterAll(() => t?.close());

  it('says so: status connected false, auth-url 503 with the message', async () => {
    const { agent } = await signUp(t);
    await setPlan(t.db.dataSource, await organizationIdOf(agent), 'Team+');
    expect((await agent.get('/api/meta/status').expect(200)).body).toMatchObject({ connected: false, configured: false, plan_allows: true });
    expect((await agent.get('/api/meta/auth-url').expect(503)).body.message).toBe(META_MESSAGES.notConfigured);
  });
});
