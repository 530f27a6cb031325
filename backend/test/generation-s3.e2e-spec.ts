// The pipeline with the S3 storage driver against a local S3-compatible server (s3rver, real
// SigV4 requests from the AWS SDK): images and thumbnails land in the bucket and are served back.
import { startS3Server, type LocalS3Server } from '../../libs/core/src/testing/s3-server';
import { waitFor } from '@brandloom/core/testing';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eventData, readSse } from './generation-helpers';
import { createTestApp, signUp, TestApp } from './test-app';

describe('generation with S3 storage (local S3-compatible server)', () => {
  let s3: LocalS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ REDIS_URL: undefined, OPENAI_API_KEY: undefined, ...s3.env() });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('stores the original and the thumbnail in the bucket and serves them with ETag caching', async () => {
    const { agent } = await signUp(t);
    const res = await agent.post('/api/generate').send({ prompt: 'A poster stored in a bucket', quality: 'low', size: '1024x1024' }).expect(201);
    const stream = await readSse(agent, res.body.progressUrl);
    const [completed] = eventData(stream.events, 'completed');
    expect(completed.variations).toHaveLength(1);
    const key = completed.variations[0].s3Key as string;
    const client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    try {
      const original = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      expect(original.ContentType).toBe('image/png');
      // Written just after the completion. s3rver writes an object's bytes before its metadata, so
      // a HEAD in between answers its defaults: wait for the content type the driver sent.
      const thumbnailKey = key.replace(/\.png$/, '.thumb.webp');
      await waitFor('the thumbnail stored as image/webp', async () => {
        const thumb = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: thumbnailKey })).catch(() => undefined);
        return thumb?.ContentType === 'image/webp' ? thumb : undefined;
      });
    } finally {
      client.destroy();
    }
    const file = await agent.get(completed.variations[0].apiProxyUrl).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    await agent.get(completed.variations[0].apiProxyUrl).set('If-None-Match', file.headers.etag).expect(304);
    await agent.get(`${completed.variations[0].apiProxyUrl}?variant=thumb`).expect(200).expect('content-type', 'image/webp');
  });
});
