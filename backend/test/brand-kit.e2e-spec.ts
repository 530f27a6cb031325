// The brand kit: logos per variant (upload checked like every upload, stored, served to the
// organization only, replaced and deleted), the shipped fonts and a profile's heading and body
// fonts (which ads are set in), and AI copy proposals from OpenAI's Responses API (a local fake
// the real `openai` SDK talks to), on a database of its own with local storage.
import { AD_COPY_LIMITS, AD_CTA_TYPES, AD_FONTS, AD_MESSAGES, BRAND_MESSAGES, PROFILE_IMAGE_MAX_BYTES } from '@brandloom/contracts';
import { AppConfig, organizationScopedKey, type StorageDriver } from '@brandloom/core';
import { createAsset, cutShort, wholeImages } from '@brandloom/core/testing';
import sharp from 'sharp';
import { appWithFakeOpenAI, memberWithBrandProfile } from './fake-openai-app';
import { type Agent } from './generation-helpers';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { signUp, TestApp } from './test-app';

/** A 400×160 PNG logo: an opaque blue mark on a fully transparent background. */
function transparentLogo(width = 400, height = 160): Promise<Buffer> {
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#0D47A1"/></svg>`))
    .png()
    .toBuffer();
}

describe('brand kit: logos, fonts, AI copy', () => {
  const suite = appWithFakeOpenAI();
  const { openai } = suite;
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  let storage: StorageDriver;
  beforeAll(async () => {
    ({ t, storage } = suite);
    ({ matchesDocument } = await documentedAnswers(t));
  });

  const member = () => memberWithBrandProfile(t, { visualStyle: { tone: 'Playful, warm' }, brandPersonality: ['Cheerful', 'Honest'] });

  const upload = (agent: Agent, profileId: string, variant: string, file: Buffer, name = 'logo.png', type = 'image/png') =>
    agent.post(`/api/brand-profiles/${profileId}/logos`).field('variant', variant).attach('logo', file, { filename: name, contentType: type });

  async function storedPicture(organizationId: string, prompt: string) {
    const key = organizationScopedKey(organizationId, 'generated', 'png');
    const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#C8D6E5' } }).png().toBuffer();
    await storage.put(key, png, 'image/png');
    return createAsset(t.db.dataSource, { organizationId, s3Key: key, thumbnailKey: null, width: 1024, height: 1024, fileSize: png.length, name: 'Coffee hero', prompt });
  }

  describe('logos', () => {
    it('stores a PNG logo with its transparency, serves it to the organization, lists it on the profile, and replaces it per variant', async () => {
      const { agent, profileId } = await member();
      const first = await upload(agent, profileId, 'default', await transparentLogo()).expect(201);
      expect(first.body).toEqual({ id: expect.any(String), variant: 'default', url: expect.stringMatching(/^\/api\/assets\/file\/org\/.+\/brand-logos\/[0-9a-f]{32}\.png$/) });
      matchesDocument('post', '/api/brand-profiles/{id}/logos', first);

      const served = await agent.get(first.body.url).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(served.body as Buffer).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ width: 400, height: 160, channels: 4 });
      expect(data[3]).toBe(0); // the corner stays transparent
      expect(data[(80 * 400 + 200) * 4 + 3]).toBe(255); // the mark stays opaque

      const profile = (await agent.get(`/api/brand-profiles/${profileId}`).expect(200)).body;
      expect(profile.logos).toEqual([{ id: first.body.id, variant: 'default', url: first.body.url, width: 400, height: 160 }]);

      // A new default replaces the old one: row and file.
      const second = await upload(agent, profileId, 'default', await transparentLogo(3000, 1200)).expect(201);
      expect(second.body.id).not.toBe(first.body.id);
      await agent.get(first.body.url).expect(404);
      const logos = (await agent.get(`/api/brand-profiles/${profileId}`).expect(200)).body.logos;
      // Bounded like the other stored images: at most 2048 px on the longer side.
      expect(logos).toEqual([{ id: second.body.id, variant: 'default', url: second.body.url, width: 2048, height: 819 }]);
      expect(await t.db.dataSource.query(`SELECT variant FROM brand_logos WHERE brand_profile_id = $1`, [profileId])).toEqual([{ variant: 'default' }]);

      // Other variants sit beside it; JPEG and WebP are taken as well.
      const { jpeg, webp } = await wholeImages(320, 240);
      const dark = await upload(agent, profileId, 'dark', jpeg, 'logo.jpg', 'image/jpeg').expect(201);
      expect(dark.body.url).toMatch(/\.jpg$/);
      const light = await upload(agent, profileId, 'light', webp, 'logo.webp', 'image/webp').expect(201);
      expect(light.body.url).toMatch(/\.webp$/);
      const listed = (await agent.get('/api/brand-profiles').expect(200)).body.find((p: { id: string }) => p.id === profileId);
      expect(listed.logos.map((logo: { variant: string }) => logo.variant).sort()).toEqual(['dark', 'default', 'light']);

      await agent.delete(`/api/brand-profiles/${profileId}/logos/dark`).expect(204);
      await agent.get(dark.body.url).expect(404);
      const again = await agent.delete(`/api/brand-profiles/${profileId}/logos/dark`).expect(404);
      expect(again.body).toMatchObject({ code: 'brand_logo_not_found', message: BRAND_MESSAGES.logoNotFound });

      // Deleting the profile removes its logo files.
      await agent.delete(`/api/brand-profiles/${profileId}`).expect(204);
      await agent.get(second.body.url).expect(404);
      await agent.get(light.body.url).expect(404);
    });

    it('refuses SVG, GIF, damaged and oversized files, a missing file and an unknown variant, each with its code, and stores nothing', async () => {
      const { agent, organizationId, profileId } = await member();
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      expect((await upload(agent, profileId, 'default', svg, 'logo.svg', 'image/svg+xml').expect(415)).body).toMatchObject({ code: 'brand_logo_type', message: BRAND_MESSAGES.logoType });
      const { gif, png } = await wholeImages(64, 64);
      expect((await upload(agent, profileId, 'default', gif, 'logo.gif', 'image/gif').expect(415)).body.code).toBe('brand_logo_type');
      expect((await upload(agent, profileId, 'default', cutShort(await transparentLogo(), 0.6)).expect(400)).body.code).toBe('image_damaged');
      expect((await upload(agent, profileId, 'default', Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1, 1)).expect(413)).body.code).toBe('brand_logo_too_large');
      expect((await upload(agent, profileId, 'huge', png).expect(400)).body).toMatchObject({ code: 'brand_logo_variant_invalid', field: 'variant' });
      const none = await agent.post(`/api/brand-profiles/${profileId}/logos`).field('variant', 'default').expect(400);
      expect(none.body.code).toBe('brand_logo_required');
      expect(await t.db.dataSource.query(`SELECT 1 FROM brand_logos WHERE organization_id = $1`, [organizationId])).toEqual([]);
    });

    it("answers 404 for another organization's profile and never serves its logo", async () => {
      const owner = await member();
      const logo = await upload(owner.agent, owner.profileId, 'default', await transparentLogo()).expect(201);
      const { agent: stranger } = await signUp(t);
      expect((await upload(stranger, owner.profileId, 'default', await transparentLogo()).expect(404)).body.code).toBe('brand_profile_not_found');
      await stranger.delete(`/api/brand-profiles/${owner.profileId}/logos/default`).expect(404);
      await stranger.get(logo.body.url).expect(404);
      expect((await owner.agent.get(`/api/brand-profiles/${owner.profileId}`).expect(200)).body.logos).toHaveLength(1);
    });
  });

  describe('fonts', () => {
    it('lists the shipped fonts and saves a profile heading and body font, refusing an unknown id by field', async () => {
      const { agent, organizationId, profileId } = await member();
      const { body } = await agent.get('/api/fonts').expect(200);
      expect(body.fonts).toHaveLength(AD_FONTS.length);
      expect(body.fonts).toContainEqual({ id: 'oswald', family: 'Oswald', category: 'condensed' });
      for (const font of body.fonts) expect(['sans', 'serif', 'display', 'condensed']).toContain(font.category);

      const saved = await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { fonts: { heading: 'oswald', body: 'lora' } } }).expect(200);
      expect(saved.body.brand_data.fonts).toEqual({ heading: 'oswald', body: 'lora' });
      // Other brand data is untouched; one font changes on its own.
      expect(saved.body.brand_data.visualStyle).toEqual({ tone: 'Playful, warm' });
      const bodyOnly = await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { fonts: { body: 'merriweather' } } }).expect(200);
      expect(bodyOnly.body.brand_data.fonts).toEqual({ heading: 'oswald', body: 'merriweather' });

      const refused = await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { fonts: { heading: 'comic-sans' } } }).expect(400);
      expect(refused.body).toMatchObject({ code: 'brand_profile_invalid', field: 'brand_data.fonts.heading' });
      expect(refused.body.message).toContain("brand_data.fonts.heading: unknown font 'comic-sans'");
      expect((await agent.patch(`/api/brand-profiles/${profileId}`).send({ brand_data: { fonts: 'oswald' } }).expect(400)).body.field).toBe('brand_data.fonts');

      // An ad of the profile is set in its fonts.
      const picture = await storedPicture(organizationId, 'A latte on a wooden table');
      const created = await agent
        .post('/api/ads')
        .send({ assetId: picture.id, placements: ['1:1'], layout: 'bottom-band', headline: 'Fresh coffee', body: 'Roasted this week.', cta: 'SHOP_NOW', logo: null, brandProfileId: profileId })
        .expect(202);
      const ad = (await agent.get(`/api/ads/${created.body.ads[0].id}`).expect(200)).body;
      const texts = ad.layers.elements.filter((element: { kind: string }) => element.kind === 'text') as Array<{ role: string; font: string }>;
      expect(texts.find((element) => element.role === 'headline')!.font).toBe('oswald');
      expect(texts.find((element) => element.role === 'body')!.font).toBe('merriweather');
    });
  });

  describe('AI copy (POST /api/ads/suggest-copy)', () => {
    it("answers three proposals from the Responses API, asked with a strict schema, the brand's voice, the picture and the placement's limits", async () => {
      const { agent, organizationId, profileId } = await member();
      const picture = await storedPicture(organizationId, 'A latte with heart-shaped foam on a wooden table');
      openai.responsesAnswer = {
        proposals: [
          { headline: 'Your morning, upgraded', body: 'Small-batch beans, roasted this week and shipped free.', cta: 'SHOP_NOW' },
          { headline: 'Love at first sip', body: 'Craft coffee delivered to your door.', cta: 'ORDER_NOW' },
          { headline: 'Brew happiness', body: '', cta: 'LEARN_MORE' },
        ],
      };
      const res = await agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, brandProfileId: profileId, placement: '9:16' }).expect(200);
      matchesDocument('post', '/api/ads/suggest-copy', res);
      expect(res.body).toEqual({ proposals: openai.responsesAnswer.proposals });

      expect(openai.responsesRequests).toHaveLength(1);
      const [call] = openai.responsesRequests;
      expect(call).toMatchObject({ model: 'gpt-6.1-terra', format: 'json_schema', schemaName: 'ad_copy_proposals', strict: true, authorization: `Bearer ${openai.apiKey}` });
      const item = (call.schema as { properties: { proposals: { items: { properties: { cta: { enum: string[] } } } } } }).properties.proposals.items;
      expect(item.properties.cta.enum).toEqual(AD_CTA_TYPES);
      expect(call.text).toContain('Tone of voice: Playful, warm');
      expect(call.text).toContain('Personality: Cheerful, Honest');
      expect(call.text).toContain('A latte with heart-shaped foam');
      expect(call.text).toContain('9:16');
      expect(call.text).toContain(`headline at most ${AD_COPY_LIMITS.headline} characters, body at most ${AD_COPY_LIMITS.body} characters`);
    });

    it('leaves out proposals that break the limits and asks once more; twice unusable is a 502', async () => {
      const { agent, organizationId } = await member();
      const picture = await storedPicture(organizationId, 'A cold brew bottle');
      const good = (n: number) => ({ headline: `Cold brew, ready ${n}`, body: 'Smooth and bold.', cta: 'SHOP_NOW' });
      openai.responsesAnswer = (_request, attempt) =>
        attempt === 1
          ? { proposals: [good(1), { headline: 'x'.repeat(AD_COPY_LIMITS.headline + 1), body: 'Too long', cta: 'SHOP_NOW' }, { headline: 'Bad button', body: '', cta: 'CALL_NOW' }] }
          : { proposals: [good(2), good(3), good(4)] };
      const res = await agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }).expect(200);
      expect(res.body.proposals).toEqual([good(1), good(2), good(3)]);
      expect(openai.responsesRequests).toHaveLength(2);
      expect(openai.responsesRequests[0].text).toContain('No brand profile');

      openai.reset();
      openai.responsesAnswer = { proposals: [{ headline: 'y'.repeat(60), body: '', cta: 'SHOP_NOW' }] };
      expect((await agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }).expect(502)).body).toMatchObject({ code: 'ad_copy_failed', message: AD_MESSAGES.copyFailed });
      openai.failNext({ status: 500, message: 'The server had an error while processing your request.', times: 4 });
      expect((await agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }).expect(502)).body.code).toBe('ad_copy_failed');
    });

    it("refuses another organization's picture or profile (404), a bad placement (400), and without OpenAI answers 503 naming it", async () => {
      const owner = await member();
      const picture = await storedPicture(owner.organizationId, 'A latte');
      const stranger = await member();
      expect((await stranger.agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }).expect(404)).body.code).toBe('asset_not_found');
      const ownPicture = await storedPicture(stranger.organizationId, 'An espresso');
      expect((await stranger.agent.post('/api/ads/suggest-copy').send({ assetId: ownPicture.id, brandProfileId: owner.profileId, placement: '1:1' }).expect(404)).body.code).toBe('brand_profile_not_found');
      const badPlacement = await owner.agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '2:3' }).expect(400);
      expect(JSON.stringify(badPlacement.body)).toContain(AD_MESSAGES.placementUnknown('2:3'));
      expect(openai.responsesRequests).toHaveLength(0);

      const config = t.app.get(AppConfig);
      const key = config.OPENAI_API_KEY;
      config.OPENAI_API_KEY = undefined;
      try {
        const unavailable = await owner.agent.post('/api/ads/suggest-copy').send({ assetId: picture.id, placement: '1:1' }).expect(503);
        expect(unavailable.body.code).toBe('ad_copy_not_configured');
        expect(unavailable.body.message).toContain('OpenAI');
      } finally {
        config.OPENAI_API_KEY = key;
      }
    });

    it('the fake Responses API is strict like the real one: model, input and a strict schema are checked', async () => {
      type Answer = { error: { message: string; param: string | null; code: string | null }; output: Array<{ content: Array<Record<string, unknown>> }> };
      const post = async (body: unknown) => {
        const res = await fetch(`${openai.baseUrl}/responses`, { method: 'POST', headers: { Authorization: `Bearer ${openai.apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, json: () => res.json() as Promise<Answer> };
      };
      const schema = { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' } } };
      const format = (s: unknown) => ({ format: { type: 'json_schema', name: 'x', strict: true, schema: s } });
      expect((await (await post({ input: 'hi', text: format(schema) })).json()).error.param).toBe('model');
      expect((await (await post({ model: 'gpt-6.1-terra', text: format(schema) })).json()).error.param).toBe('input');
      const open = await post({ model: 'gpt-6.1-terra', input: 'hi', text: format({ ...schema, additionalProperties: true }) });
      expect(open.status).toBe(400);
      expect((await open.json()).error.message).toContain("'additionalProperties' is required to be supplied and to be false");
      const partial = await post({ model: 'gpt-6.1-terra', input: 'hi', text: format({ ...schema, properties: { a: { type: 'string' }, b: { type: 'string' } } }) });
      expect((await partial.json()).error.message).toContain("Missing 'b'");
      const chatStyle = await post({ model: 'gpt-6.1-terra', input: 'hi', response_format: { type: 'json_object' } });
      expect((await chatStyle.json()).error.code).toBe('unsupported_parameter');
      const ok = await post({ model: 'gpt-6.1-terra', input: 'hi', text: format(schema) });
      const answer = await ok.json();
      expect(answer.output[0].content[0]).toMatchObject({ type: 'output_text', text: JSON.stringify({ a: 'fake a' }) });
    });
  });
});
