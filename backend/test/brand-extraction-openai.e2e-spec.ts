// Brand extraction and generation with OpenAI configured, against the local fake OpenAI server (the
// real `openai` SDK talks to it): typography, tone, image style and personality from the vision model
// with structured output, colours still measured locally; with a failing model the style falls back
// to image statistics; generation sends the profile's images as style references to images.edit.
import { atLeastThree, colorBlocks, dataUrl, logoOnWhite, setPlan, tempStorage, waitForSettled } from '@brandloom/core/testing';
import { deltaE2000Hex } from '@brandloom/core';
import { FakeOpenAI } from '../../libs/core/src/testing/fake-openai';

import { organizationIdOf } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('brand extraction with OpenAI (fake server)', () => {
  const fake = new FakeOpenAI();
  const storage = tempStorage();
  let t: TestApp;
  const truth = ['#7C3AED', '#0EA5E9', '#F43F5E'];

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({
      REDIS_URL: undefined,
      STORAGE_DIR: storage.dir,
      ...fake.env(),
      OPENAI_MAX_RETRIES: '0',
      OPENAI_TIMEOUT_MS: '3000',
      OPENAI_VISION_TIMEOUT_MS: '3000',
    });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t?.close();
    await fake.stop();
    storage.cleanup();
  });

  it('asks the vision model with the images and a strict JSON schema, and measures the colours itself', async () => {
    const { agent } = await signUp(t);
    const images = [dataUrl(await colorBlocks(truth)), dataUrl(await logoOnWhite('#7C3AED', '#F43F5E'), 'image/jpeg')];
    const res = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree(images) }).expect(200);
    expect(fake.chatRequests).toHaveLength(1);
    const [call] = fake.chatRequests;
    expect(call).toMatchObject({ model: 'gpt-6-luna', imageCount: 2, imageTypes: ['image/jpeg', 'image/jpeg'], responseFormat: 'json_schema', schemaName: 'brand_identity', strict: true });
    expect(call.schema).toMatchObject({ type: 'object', additionalProperties: false, required: expect.arrayContaining(['fontFamily', 'tone', 'imageStyle', 'brandPersonality']) });
    expect(call.authorization).toBe(`Bearer ${fake.apiKey}`);
    const { brandData, profile } = res.body;
    // The measured primary is given to the model as context.
    expect(call.text).toContain(brandData.colors.primary);
    expect(deltaE2000Hex(brandData.colors.primary, truth[0])).toBeLessThan(5);
    expect(brandData).toMatchObject({
      typography: { fontFamily: 'Montserrat, sans-serif', headingStyle: 'Bold uppercase geometric sans-serif' },
      // The typography read maps to the shipped ad font of that family, which ads are set in.
      fonts: { heading: 'montserrat', body: 'montserrat' },
      visualStyle: { tone: 'Confident, Warm, Optimistic', imageStyle: 'Bright lifestyle photography with natural light' },
      brandPersonality: ['Confident', 'Friendly', 'Modern'],
      metadata: { styleSource: 'openai', visionModel: 'gpt-6-luna', brandName: 'Fake Brand Co', industry: 'Consumer goods', source: 'extraction' },
    });
    expect(profile.description).toBe('A confident, friendly brand with a warm, modern look.');
    expect(profile.brand_data.fonts).toEqual({ heading: 'montserrat', body: 'montserrat' });
    expect(fake.requests).toHaveLength(0); // no image generation during an extraction
  });

  it('falls back to image statistics when the vision model fails or refuses', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    await setPlan(t.db.dataSource, organizationId, 'Team+');
    fake.failNext({ status: 500, message: 'The server had an error while processing your request.' });
    const failed = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(await colorBlocks(truth))]) }).expect(200);
    expect(failed.body.brandData.metadata).toMatchObject({ styleSource: 'image-statistics', visionFallback: expect.any(String) });
    expect(failed.body.brandData.visualStyle.tone).toEqual(expect.any(String));
    expect(failed.body.autoCreateFailed).toBe(false);

    fake.chatRefusal = "I'm sorry, I can't help with that.";
    const refused = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(await colorBlocks(truth))]) }).expect(200);
    expect(refused.body.brandData.metadata.styleSource).toBe('image-statistics');

    fake.chatRefusal = undefined;
    fake.chatAnswer = { fontFamily: 'Inter', headingStyle: 'Light', tone: 'Calm', imageStyle: 'Flat illustration', brandPersonality: ['Calm'], description: 'Calm', brandName: '', industry: '', mood: '', composition: '', logoStyle: '', targetAudience: '' };
    const custom = await agent.post('/api/brand-profiles/extract').send({ imageUrls: atLeastThree([dataUrl(await colorBlocks(truth))]) }).expect(200);
    expect(custom.body.brandData).toMatchObject({ typography: { fontFamily: 'Inter' }, visualStyle: { tone: 'Calm', imageStyle: 'Flat illustration' }, brandPersonality: ['Calm'] });
    expect(custom.body.brandData.metadata.brandName).toBeUndefined();
  });

  it('generates with the profile: its images go to images.edit as style references, and the prompt carries the brand', async () => {
    const { agent } = await signUp(t);
    const extracted = await agent
      .post('/api/brand-profiles/extract')
      .send({ imageUrls: atLeastThree([dataUrl(await colorBlocks(truth)), dataUrl(await logoOnWhite('#7C3AED', '#F43F5E'), 'image/jpeg')]) })
      .expect(200);
    const profile = extracted.body.profile;
    fake.reset();
    const res = await agent
      .post('/api/generate')
      .send({ prompt: 'A launch banner for our new app', quality: 'low', size: '1024x1024', variationCount: 1, contentPolicyScan: true, brand_profile_id: profile.id })
      .expect(201);
    expect(res.body.testMode).toBe(false);
    const [settled] = await waitForSettled(t.db.dataSource, [res.body.job.id]);
    expect(settled.status).toBe('completed');
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ endpoint: 'edits', imageCount: 2, imageTypes: ['image/webp', 'image/webp'], model: 'gpt-image-2.6-sunburst' });
    const { colors } = profile.brand_data;
    expect(sent.prompt).toContain('A launch banner for our new app');
    expect(sent.prompt).toContain(`primary ${colors.primary.toLowerCase()}`);
    expect(sent.prompt).toContain('Visual style: Bright lifestyle photography with natural light.');
    expect(sent.prompt).toContain('Tone: Confident, Warm, Optimistic.');
    expect(sent.prompt).toContain('Typography for any text in the image: Montserrat, sans-serif; Bold uppercase geometric sans-serif.');
    expect(sent.prompt).toContain('Brand personality: Confident, Friendly, Modern.');
    expect(sent.prompt).toContain('style references');
    const [asset] = await t.db.dataSource.query(`SELECT brand_profile_name FROM assets WHERE generation_id = $1`, [res.body.job.id]);
    expect(asset.brand_profile_name).toBe(profile.name);
  });

  it('a profile without source images generates through images.generate', async () => {
    const { agent } = await signUp(t);
    const { body: profile } = await agent.post('/api/brand-profiles').send({ name: 'Manual', brand_data: { colors: { primary: '#123456' } } }).expect(201);
    const res = await agent
      .post('/api/generate')
      .send({ prompt: 'A calm product shot of a mug', quality: 'low', size: '1024x1024', variationCount: 1, contentPolicyScan: true, brand_profile_id: profile.id })
      .expect(201);
    await waitForSettled(t.db.dataSource, [res.body.job.id]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ endpoint: 'generations', imageCount: 0 });
    expect(fake.requests[0].prompt).toContain('primary #123456, secondary #111827');
  });
});
