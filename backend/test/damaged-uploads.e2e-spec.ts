// Every route that takes an image from a client, given one cut short in transfer (its header intact,
// its pixel data stopping halfway): a 400 with one message and code, before anything is stored or debited.
import { AuthService } from '@brandloom/core';
import { colorBlocks, dataUrl, tempStorage, truncatedImages } from '@brandloom/core/testing';
import { BRAND_MESSAGES, IMAGE_DAMAGED_CODE, INPUT_MESSAGES } from '@brandloom/contracts';
import { readdirSync } from 'node:fs';
import type { Agent } from 'supertest';

import { organizationIdOf } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('damaged image uploads', () => {
  let t: TestApp;
  const storage = tempStorage();
  let damaged: { png: Buffer; jpeg: Buffer };

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: storage.dir, OPENAI_API_KEY: undefined });
    damaged = await truncatedImages();
  });
  afterAll(async () => {
    await t?.close();
    storage.cleanup();
  });

  const refused = { statusCode: 400, message: INPUT_MESSAGES.imageDamaged, error: 'Bad Request', code: IMAGE_DAMAGED_CODE };
  const storedFiles = () => readdirSync(storage.dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

  /** What a refused upload must leave as it was: the balance, the ledger, the rows an upload makes, the stored files. */
  const snapshot = async (agent: Agent, organizationId: string) => {
    const [row] = await t.db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM credit_ledger WHERE organization_id = $1) AS ledger,
              (SELECT count(*)::int FROM generations WHERE organization_id = $1) AS generations,
              (SELECT count(*)::int FROM brand_extractions WHERE organization_id = $1 AND status <> 'failed') AS extractions,
              (SELECT count(*)::int FROM blog_posts) AS posts`,
      [organizationId],
    );
    const account = (await agent.get('/api/users/me').expect(200)).body as { avatar_url: string | null };
    const organization = (await agent.get('/api/organization').expect(200)).body.organization as { logo_url: string | null };
    return { credits: (await agent.get('/api/credits/balance').expect(200)).body.credits as number, ...row, avatar: account.avatar_url, logo: organization.logo_url, files: storedFiles() };
  };

  it('refuses a truncated PNG and JPEG on every upload route, and nothing is charged or stored', async () => {
    const { agent, user } = await signUp(t);
    await t.app.get(AuthService).setAdmin(user.email);
    const organizationId = await organizationIdOf(agent);
    const before = await snapshot(agent, organizationId);
    expect(before.credits).toBeGreaterThan(0);

    for (const [type, image] of Object.entries(damaged)) {
      const name = `photo.${type}`;
      const contentType = `image/${type}`;
      const routes: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
        ['studio upload', () => agent.post('/api/studio').field('prompt', 'a bottle on a table').field('quality', 'high').field('size', '1024x1024').attach('images', image, { filename: name, contentType })],
        ['studio data URL', () => agent.post('/api/studio').field('prompt', 'a bottle on a table').field('quality', 'high').field('size', '1024x1024').field('reference_images[]', dataUrl(image, contentType))],
        ['generate', () => agent.post('/api/generate').send({ prompt: 'a bottle on a table', quality: 'high', size: '1024x1024', reference_images: [dataUrl(image, contentType)] })],
        ['generate/test', () => agent.post('/api/generate/test').send({ prompt: 'TEST bottle', quality: 'low', size: '1024x1024', reference_images: [dataUrl(image, contentType)] })],
        ['blog image', () => agent.post('/api/blog/upload-image').attach('image', image, { filename: name, contentType })],
        ['avatar', () => agent.post('/api/users/me/avatar').attach('avatar', image, { filename: name, contentType })],
        ['organization logo', () => agent.post('/api/organization/logo').attach('logo', image, { filename: name, contentType })],
      ];
      for (const [route, send] of routes) {
        const res = await send();
        expect({ type, route, status: res.status, body: res.body }).toEqual({ type, route, status: 400, body: refused });
      }
    }
    expect(await snapshot(agent, organizationId)).toEqual(before);
  });

  it('skips a truncated brand image with the reason, and refuses a request of nothing else', async () => {
    const { agent } = await signUp(t);
    const organizationId = await organizationIdOf(agent);
    const before = await snapshot(agent, organizationId);
    const res = await agent
      .post('/api/brand-profiles/extract')
      .send({ imageUrls: [dataUrl(damaged.png), dataUrl(damaged.jpeg, 'image/jpeg'), dataUrl(damaged.png.subarray(0, damaged.png.length - 100))], fileNames: ['a.png', 'b.jpg', 'c.png'] })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: BRAND_MESSAGES.noValidImages,
      error: 'Bad Request',
      code: 'brand_images_none_valid',
      skipped: ['a.png', 'b.jpg', 'c.png'].map((fileName, index) => ({ index, fileName, reason: BRAND_MESSAGES.invalidImage, detail: INPUT_MESSAGES.imageDamaged })),
    });
    expect(await snapshot(agent, organizationId)).toEqual(before);

    const whole = await Promise.all([['#1D4ED8', '#F59E0B', '#10B981'], ['#7B2CBF', '#FF9F1C', '#FFFFFF'], ['#E63946', '#F1FAEE', '#1D3557']].map((colors) => colorBlocks(colors)));
    const mixed = await agent
      .post('/api/brand-profiles/extract')
      .send({ imageUrls: [...whole.map((image) => dataUrl(image)), dataUrl(damaged.jpeg, 'image/jpeg')], fileNames: ['one.png', 'two.png', 'three.png', 'cut.jpg'] })
      .expect(200);
    expect(mixed.body.skipped).toEqual([{ index: 3, fileName: 'cut.jpg', reason: BRAND_MESSAGES.invalidImage, detail: INPUT_MESSAGES.imageDamaged }]);
    expect(mixed.body.profile.source_images).toHaveLength(3);
  });
});
