// Ad copy translations: POST /api/ads/translate asks OpenAI's Responses API (a local fake the real
// `openai` SDK talks to) for each language, keeps the brand's glossary, and lays each translation out
// on the picture; a saved translation is an ad with its language. Own database, local storage.
import { AD_MESSAGES } from '@brandloom/contracts';
import { AppConfig, organizationScopedKey, type StorageDriver } from '@brandloom/core';
import { createAsset } from '@brandloom/core/testing';
import sharp from 'sharp';
import { appWithFakeOpenAI, memberWithBrandProfile } from './fake-openai-app';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import type { TestApp } from './test-app';

describe('ad copy translations', () => {
  const suite = appWithFakeOpenAI();
  const { openai } = suite;
  let t: TestApp;
  let storage: StorageDriver;
  let matchesDocument: MatchesDocument;
  beforeAll(async () => {
    ({ t, storage } = suite);
    ({ matchesDocument } = await documentedAnswers(t));
  });

  const member = () => memberWithBrandProfile(t);

  async function storedPicture(organizationId: string, brandProfileId: string | null = null) {
    const key = organizationScopedKey(organizationId, 'generated', 'png');
    const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#C8D6E5' } }).png().toBuffer();
    await storage.put(key, png, 'image/png');
    return createAsset(t.db.dataSource, { organizationId, s3Key: key, thumbnailKey: null, width: 1024, height: 1024, fileSize: png.length, name: 'Coffee hero', prompt: 'A latte', brandProfileId });
  }

  it('proposes the copy in each language, passing the brand name and glossary to the model, each laid out on the picture', async () => {
    const { agent, organizationId, profileId } = await member();
    await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { glossary: ['BeanBox', ' Roast Club '] } }).expect(200);
    expect((await agent.get(`/api/brand-profiles/${profileId}`).expect(200)).body.brand_data.glossary).toEqual(['BeanBox', 'Roast Club']);
    const picture = await storedPicture(organizationId);

    const res = await agent
      .post('/api/ads/translate')
      .send({ assetId: picture.id, brandProfileId: profileId, placement: '1:1', layout: 'headline-top', headline: 'BeanBox every week', body: 'Fresh beans at your door.', cta: 'SHOP_NOW', languages: ['es', 'fr', 'de'] })
      .expect(200);
    expect(res.body.translations).toEqual([
      { language: 'es', headline: '[es] BeanBox every week', body: '[es] Fresh beans at your door.', fits: true },
      { language: 'fr', headline: '[fr] BeanBox every week', body: '[fr] Fresh beans at your door.', fits: true },
      { language: 'de', headline: '[de] BeanBoxEveryWeek', body: '[de] Fresh beans at your door. Jetzt entdecken.', fits: true },
    ]);

    expect(openai.responsesRequests).toHaveLength(1);
    const [call] = openai.responsesRequests;
    expect(call).toMatchObject({ model: 'gpt-6.1-terra', format: 'json_schema', schemaName: 'ad_copy_translations', strict: true });
    expect(call.text).toContain('Glossary (keep exactly as written): Acme Coffee | BeanBox | Roast Club');
    expect(call.text).toContain('es (Spanish), fr (French), de (German)');

    // Without a profile in the request, the picture's own brand's glossary is kept, as its ads take its look.
    const branded = await storedPicture(organizationId, profileId);
    await agent.post('/api/ads/translate').send({ assetId: branded.id, placement: '1:1', layout: 'headline-top', headline: 'BeanBox every week', languages: ['fr'] }).expect(200);
    expect(openai.responsesRequests[1].text).toContain('Glossary (keep exactly as written): Acme Coffee | BeanBox | Roast Club');
  });

  it('says a German translation that does not fit the layout does not fit, naming the field', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPicture(organizationId);
    const res = await agent
      .post('/api/ads/translate')
      .send({ assetId: picture.id, placement: '1:1', layout: 'split', headline: 'Donaudampf schiffs gesellschaft', languages: ['fr', 'de'] })
      .expect(200);
    matchesDocument('post', '/api/ads/translate', res);
    const [fr, de] = res.body.translations;
    expect(fr).toMatchObject({ language: 'fr', fits: true });
    expect(de).toMatchObject({ language: 'de', headline: '[de] DonaudampfSchiffsGesellschaft', body: '', fits: false, field: 'headline' });
    expect(de.message).toMatch(/headline does not fit/);
    expect(de).toMatchObject({ code: 'word_too_wide', params: { role: 'headline', word: 'DonaudampfSchiffsGesellschaft' } });

    // One past the limits is reported too, without laying out.
    openai.responsesAnswer = { translations: [{ language: 'es', headline: 'x'.repeat(41), body: '' }] };
    const long = await agent.post('/api/ads/translate').send({ assetId: picture.id, placement: '1:1', layout: 'headline-top', headline: 'Short', languages: ['es'] }).expect(200);
    matchesDocument('post', '/api/ads/translate', long);
    expect(long.body.translations).toEqual([{ language: 'es', headline: 'x'.repeat(41), body: '', fits: false, field: 'headline', message: AD_MESSAGES.headlineTooLong }]);
  });

  it("refuses an unknown language (400) and another organization's picture (404), and without OpenAI answers 503 naming it", async () => {
    const owner = await member();
    const picture = await storedPicture(owner.organizationId);
    const stranger = await member();
    const base = { assetId: picture.id, placement: '1:1', layout: 'headline-top', headline: 'Fresh coffee', languages: ['es'] };

    const unknown = await owner.agent.post('/api/ads/translate').send({ ...base, languages: ['es', 'it'] }).expect(400);
    expect(JSON.stringify(unknown.body)).toContain(AD_MESSAGES.languageUnknown('it'));
    await owner.agent.post('/api/ads/translate').send({ ...base, languages: [] }).expect(400);
    expect((await stranger.agent.post('/api/ads/translate').send(base).expect(404)).body.code).toBe('asset_not_found');
    expect(openai.responsesRequests).toHaveLength(0);

    const config = t.app.get(AppConfig);
    const key = config.OPENAI_API_KEY;
    config.OPENAI_API_KEY = undefined;
    try {
      const unavailable = await owner.agent.post('/api/ads/translate').send(base).expect(503);
      expect(unavailable.body.code).toBe('ad_translation_not_configured');
      expect(unavailable.body.message).toContain('OpenAI');
    } finally {
      config.OPENAI_API_KEY = key;
    }
  });

  it('saves each translation as its own ad with its language, shown on the ad; an unknown language is refused', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPicture(organizationId);
    const base = { assetId: picture.id, placements: ['1:1', '9:16'], layout: 'headline-top', cta: 'SHOP_NOW', logo: null };
    const spanish = await agent.post('/api/ads').send({ ...base, headline: '[es] Café fresco', language: 'es' }).expect(202);
    const german = await agent.post('/api/ads').send({ ...base, headline: '[de] Frischer Kaffee', language: 'de' }).expect(202);
    const original = await agent.post('/api/ads').send({ ...base, placements: ['1:1'], headline: 'Fresh coffee' }).expect(202);
    expect(spanish.body.ads).toHaveLength(2);
    for (const ad of spanish.body.ads) expect((await agent.get(`/api/ads/${ad.id}`).expect(200)).body).toMatchObject({ language: 'es', headline: '[es] Café fresco' });
    expect((await agent.get(`/api/ads/${german.body.ads[0].id}`).expect(200)).body.language).toBe('de');
    expect((await agent.get(`/api/ads/${original.body.ads[0].id}`).expect(200)).body.language).toBeNull();

    const unknown = await agent.post('/api/ads').send({ ...base, headline: 'Caffè', language: 'it' }).expect(400);
    expect(JSON.stringify(unknown.body)).toContain(AD_MESSAGES.languageUnknown('it'));
    // The database holds only the product's languages.
    await expect(t.db.dataSource.query(`UPDATE ads SET language = 'it' WHERE id = $1`, [original.body.ads[0].id])).rejects.toThrow(/ads_language_check/);
  });

  it('counts in the same paid-call allowance as copy suggestions: once it is spent, 429 and OpenAI hears nothing', async () => {
    const { agent, organizationId } = await member();
    const picture = await storedPicture(organizationId);
    const allowance = t.app.get(AppConfig).AD_COPY_CALLS_PER_USER;
    for (let i = 0; i < allowance; i++) await agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }).expect(200);
    const heard = openai.responsesRequests.length;
    const refused = await agent.post('/api/ads/translate').send({ assetId: picture.id, placement: '1:1', layout: 'headline-top', headline: 'Fresh coffee', languages: ['es'] }).expect(429);
    expect(refused.body).toMatchObject({ code: 'paid_call_limit', params: { family: 'ad-copy' } });
    expect(openai.responsesRequests).toHaveLength(heard);
  });

  it('refuses a glossary that is not a short list', async () => {
    const { agent, profileId } = await member();
    const many = await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { glossary: Array.from({ length: 51 }, (_, n) => `Term ${n}`) } }).expect(400);
    expect(many.body.message).toContain('brand_data.glossary');
    await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { glossary: 'BeanBox' } }).expect(400);
    await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { glossary: ['x'.repeat(61)] } }).expect(400);
  });
});
