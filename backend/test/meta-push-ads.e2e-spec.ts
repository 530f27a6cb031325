// Pushing several assets at once with an image per placement, against the local fake Graph API:
// each asset's images reach Meta through /adimages and one creative names them by hash with ad
// labels and a customization rule per placement; Advantage+ creative features are sent, each opted
// out unless chosen; each asset becomes one paused ad in the ad set, also when the push is asked again.
import { AD_RESULTS_MESSAGES } from '@brandloom/contracts';
import request from 'supertest';
import sharp from 'sharp';
import { appWithFakeMeta, connectedTeamPlusOrganization } from './meta-helpers';
import type { MatchesDocument } from './openapi-answers';
import type { TestApp } from './test-app';

describe('pushing ads with an image per placement (against a local fake Graph API)', () => {
  const suite = appWithFakeMeta({ META_PUSH_WAIT_MS: '20000' });
  const { meta } = suite;
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  beforeAll(() => {
    ({ t, matchesDocument } = suite);
  });

  const connectedWithAssets = (count: number) => connectedTeamPlusOrganization(t, count);

  const target = { adAccountId: 'act_111', adSetId: '7002', pageId: '501', campaignId: '9001' };

  it('one push with feed and stories makes one creative whose images are assigned per placement, and one paused ad', async () => {
    const { agent, assetIds } = await connectedWithAssets(1);
    const uploadsBefore = meta.callsTo('POST', /\/act_111\/adimages$/).length;
    const res = await agent
      .post('/api/meta/push-ads')
      .send({ ...target, assetIds, placements: ['4:5', '9:16'], headline: 'See the light', primaryText: 'Dawn at the coast', callToAction: 'SHOP_NOW', link: 'https://example.com/sale' })
      .expect(201);
    expect(res.body.pushes).toHaveLength(1);
    const [push] = res.body.pushes;
    expect(push).toMatchObject({ status: 'completed', assetId: assetIds[0], placements: ['feed', 'stories'] });

    const uploads = meta.callsTo('POST', /\/act_111\/adimages$/).slice(uploadsBefore);
    expect(uploads).toHaveLength(2);
    const [feedImage, storyImage] = await Promise.all(uploads.map((u) => sharp(Buffer.from(u.body.bytes, 'base64')).metadata()));
    expect(feedImage.width! / feedImage.height!).toBeGreaterThanOrEqual(0.8);
    expect(storyImage.width! / storyImage.height!).toBeCloseTo(9 / 16, 2);

    const ad = meta.ads.find((a) => a.id === push.adId)!;
    expect(ad).toMatchObject({ adset_id: '7002', status: 'PAUSED' });
    const creative = meta.creatives.find((c) => c.id === ad.creative_id)!;
    expect(creative.object_story_spec).toEqual({ page_id: '501' });
    const feed = creative.asset_feed_spec as {
      images: Array<{ hash: string; adlabels: Array<{ name: string }> }>;
      asset_customization_rules: Array<{ customization_spec: Record<string, string[]>; image_label: { name: string } }>;
    } & Record<string, unknown>;
    const hashes = uploads.map((u) => meta.images.find((i) => i.bytes.equals(Buffer.from(u.body.bytes, 'base64')))!.hash);
    expect(feed.images.map((i) => i.hash)).toEqual(hashes);
    const labelOf = (hash: string) => feed.images.find((i) => i.hash === hash)!.adlabels[0].name;
    const rules = feed.asset_customization_rules;
    expect(rules).toHaveLength(2);
    expect(rules[0].image_label.name).toBe(labelOf(hashes[0]));
    expect(rules[0].customization_spec).toMatchObject({ facebook_positions: ['feed'], instagram_positions: ['stream'] });
    expect(rules[1].image_label.name).toBe(labelOf(hashes[1]));
    expect(rules[1].customization_spec).toMatchObject({ facebook_positions: ['story'], instagram_positions: ['story', 'reels'] });
    expect(feed).toMatchObject({ titles: [{ text: 'See the light' }], bodies: [{ text: 'Dawn at the coast' }], call_to_action_types: ['SHOP_NOW'], link_urls: [{ website_url: 'https://example.com/sale' }] });
    // Every Advantage+ creative feature is sent, each opted out.
    const features = (creative.degrees_of_freedom_spec as { creative_features_spec: Record<string, { enroll_status: string }> }).creative_features_spec;
    expect(Object.keys(features).sort()).toEqual(['image_template', 'image_touchups', 'inline_comment', 'text_optimizations']);
    expect(Object.values(features).every((f) => f.enroll_status === 'OPT_OUT')).toBe(true);

    // The history lists the ad with its asset.
    const pushes = (await agent.get('/api/meta/pushes').expect(200)).body.pushes;
    expect(pushes[0]).toMatchObject({ assetId: assetIds[0], adId: push.adId });
  });

  it('three variants become three paused ads in one ad set, once each when the push is asked again; a chosen feature is opted in', async () => {
    const { agent, assetIds } = await connectedWithAssets(3);
    const body = { ...target, assetIds, placements: ['feed'], creativeFeatures: ['image_touchups'], creativeName: 'Spring' };
    const pushed = await agent.post('/api/meta/push-ads').send(body).expect(201);
    matchesDocument('post', '/api/meta/push-ads', pushed);
    const first = pushed.body;
    expect(first.pushes.map((p: { status: string }) => p.status)).toEqual(['completed', 'completed', 'completed']);
    const adIds = first.pushes.map((p: { adId: string }) => p.adId);
    expect(new Set(adIds).size).toBe(3);
    const again = (await agent.post('/api/meta/push-ads').send(body).expect(201)).body;
    expect(again.pushes.map((p: { adId: string }) => p.adId)).toEqual(adIds);
    expect(meta.ads.filter((a) => adIds.includes(a.id))).toHaveLength(3);
    const creative = meta.creatives.find((c) => c.id === meta.ads.find((a) => a.id === adIds[0])!.creative_id)!;
    // One placement: a plain link_data creative with its image hash.
    expect(creative.asset_feed_spec).toBeUndefined();
    expect((creative.object_story_spec as { link_data: { image_hash: string } }).link_data.image_hash).toMatch(/^[0-9a-f]{32}$/);
    const features = (creative.degrees_of_freedom_spec as { creative_features_spec: Record<string, { enroll_status: string }> }).creative_features_spec;
    expect(features.image_touchups).toEqual({ enroll_status: 'OPT_IN' });
    expect(features.text_optimizations).toEqual({ enroll_status: 'OPT_OUT' });
  });

  it('refuses more than ten assets, unknown placements and features with a 400 that says why', async () => {
    const { agent, assetIds } = await connectedWithAssets(1);
    const eleven = Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await agent.post('/api/meta/push-ads').send({ ...target, assetIds: eleven }).expect(400)).body.message).toEqual(expect.arrayContaining([AD_RESULTS_MESSAGES.invalidAssetIds]));
    expect((await agent.post('/api/meta/push-ads').send({ ...target, assetIds: [] }).expect(400)).body.message).toEqual(expect.arrayContaining([AD_RESULTS_MESSAGES.invalidAssetIds]));
    for (const placements of [['sidebar'], ['constructor'], [7], 'feed']) {
      expect((await agent.post('/api/meta/push-ads').send({ ...target, assetIds, placements }).expect(400)).body.message).toEqual(expect.arrayContaining([AD_RESULTS_MESSAGES.invalidPlacements]));
    }
    expect((await agent.post('/api/meta/push-ads').send({ ...target, assetIds, creativeFeatures: ['magic'] }).expect(400)).body.message).toEqual(expect.arrayContaining([AD_RESULTS_MESSAGES.invalidCreativeFeatures]));
    // Another organization's asset is not found.
    const other = await connectedWithAssets(1);
    await other.agent.post('/api/meta/push-ads').send({ ...target, assetIds }).expect(404);
  });

  it('declares the push route in OpenAPI with a JSON body naming assetIds and placements', async () => {
    const docs = (await request(t.app.getHttpServer()).get('/api/docs-json').expect(200)).body;
    const body = docs.paths['/api/meta/push-ads'].post.requestBody.content['application/json'].schema;
    const schema = body.$ref ? docs.components.schemas[body.$ref.split('/').at(-1)] : body;
    expect(schema.properties.assetIds).toMatchObject({ type: 'array', maxItems: 10 });
    expect(schema.properties.placements.items.enum).toEqual(expect.arrayContaining(['feed', 'stories', '9:16']));
  });
});
