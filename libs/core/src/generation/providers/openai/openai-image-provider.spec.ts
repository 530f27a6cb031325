import { IMAGE_SIZES, PLACEMENT_SIZES, SIZES, sizeDimensions } from '@brandloom/contracts';
import sharp from 'sharp';
import { sniffImageType } from '../../../storage/content-sniffing';
import { FakeOpenAI } from '../../../testing/fake-openai';
import { ImageCallRecord, ImageGenerationRequest, ImageProviderError } from '../image-provider';
import { openAiModelSizes, OpenAiImageProvider, OpenAiImageProviderOptions } from './openai-image-provider';

describe('OpenAiImageProvider against a fake OpenAI server (real SDK)', () => {
  const fake = new FakeOpenAI();
  const request: ImageGenerationRequest = { prompt: 'A bold product shot of a water bottle', quality: 'high', size: '1536x1024', n: 2 };
  let png: Buffer;
  let jpeg: Buffer;

  const provider = (options: Partial<OpenAiImageProviderOptions> = {}) =>
    new OpenAiImageProvider({ apiKey: fake.apiKey, baseURL: fake.baseUrl, model: 'gpt-image-2.6-flare', timeoutMs: 10_000, maxRetries: 0, ...options });

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff0000' } }).png().toBuffer();
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00ff00' } }).jpeg().toBuffer();
  });
  // A server per test: a request that a test gave up on (timed out, cancelled) and that arrives
  // late finds its server closed, instead of landing in the next test's record.
  beforeEach(() => fake.start());
  afterEach(async () => {
    await fake.stop();
    fake.reset();
  });

  it('generates n PNGs of the requested size and sends the gpt-image request fields', async () => {
    const progress: number[] = [];
    const images = await provider().generate(
      { ...request, brand: { colors: { primary: '#0066FF', secondary: '#111827', accent: 'not-a-colour' }, visualStyle: { tone: 'confident' } } },
      (value) => progress.push(value),
    );
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(sniffImageType(image)).toBe('image/png');
      expect(await sharp(image).metadata()).toMatchObject({ width: 1536, height: 1024 });
    }
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ endpoint: 'generations', model: 'gpt-image-2.6-flare', quality: 'high', size: '1536x1024', n: 2, stream: false, outputFormat: 'png', imageCount: 0 });
    expect(sent.responseFormat).toBeUndefined();
    expect(sent.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(sent.prompt).toContain('A bold product shot of a water bottle');
    expect(sent.prompt).toContain('primary #0066ff, secondary #111827');
    expect(sent.prompt).not.toContain('not-a-colour');
    expect(sent.prompt).toContain('Tone: confident.');
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(1);
  });

  it.each(Object.entries(PLACEMENT_SIZES))('sends the %s placement at its own size %s to a gpt-image-2 model and gets exactly that back', async (_, size) => {
    const images = await provider({ model: 'gpt-image-2.6-flare' }).generate({ ...request, size, n: 1 });
    expect(fake.requests.map((sent) => sent.size)).toEqual([size]);
    expect(await sharp(images[0]).metadata()).toMatchObject(sizeDimensions(size));
  });

  it('takes every size with the gpt-image-2 family and only the standard sizes with earlier models', async () => {
    for (const model of ['gpt-image-2', 'gpt-image-2.5-sunburst', 'gpt-image-2.6-flare', 'gpt-image-2.6-sunburst']) expect(openAiModelSizes(model)).toEqual(IMAGE_SIZES);
    for (const model of ['gpt-image-1.5', 'gpt-image-1-mini', 'chatgpt-image-latest']) expect(openAiModelSizes(model)).toEqual(SIZES);
    const old = provider({ model: 'gpt-image-1.5' });
    await expect(old.generate({ ...request, size: '1088x1360' })).rejects.toMatchObject({ code: 'invalid_request', retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('the fake refuses, as the API does, sizes the model does not take', async () => {
    const { client } = provider();
    const refused = async (model: string, size: string) => {
      const error = (await client.images.generate({ model, prompt: 'A poster', size: size as '1024x1024' }).catch((e: unknown) => e)) as { status?: number; error?: { param?: string; message?: string } };
      return [error.status, error.error?.param, error.error?.message];
    };
    expect(await refused('gpt-image-2.6-flare', '1080x1920')).toEqual([400, 'size', expect.stringContaining('multiples of 16')]);
    expect(await refused('gpt-image-2.6-flare', '3856x1088')).toEqual([400, 'size', expect.stringContaining('3840')]);
    expect(await refused('gpt-image-2.6-flare', '2400x768')).toEqual([400, 'size', expect.stringContaining('3:1')]);
    expect(await refused('gpt-image-2.6-flare', '768x768')).toEqual([400, 'size', expect.stringContaining('655360')]);
    expect(await refused('gpt-image-1.5', '1088x1360')).toEqual([400, 'size', expect.stringContaining("'1024x1024'")]);
  });

  it('edits from reference images, sent as image[] files', async () => {
    const images = await provider().generate({ ...request, n: 1, quality: 'low', size: '1024x1536', referenceImages: [png, jpeg] });
    expect(images).toHaveLength(1);
    expect(await sharp(images[0]).metadata()).toMatchObject({ width: 1024, height: 1536 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      endpoint: 'edits',
      model: 'gpt-image-2.6-flare',
      quality: 'low',
      size: '1024x1536',
      n: 1,
      imageCount: 2,
      imageTypes: ['image/png', 'image/jpeg'],
      imageSizes: [png.length, jpeg.length],
    });
  });

  it('surfaces a server error with a clear message and marks it retryable', async () => {
    fake.failNext({ status: 500, message: 'The server had an error while processing your request.' });
    const error = await provider().generate(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProviderError);
    expect(error).toMatchObject({
      message: 'OpenAI image generation failed (HTTP 500): The server had an error while processing your request.',
      code: 'server_error',
      retryable: true,
      status: 500,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a content-policy refusal as final, without retrying', async () => {
    fake.failNext({ status: 400, message: 'Your request was rejected as a result of our safety system.', code: 'moderation_blocked' });
    const error = await provider({ maxRetries: 2 }).generate(request).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ImageProviderError',
      code: 'content_policy',
      retryable: false,
      message: "The prompt was rejected by OpenAI's content policy: Your request was rejected as a result of our safety system.",
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a transient failure through the SDK (maxRetries)', async () => {
    fake.failNext({ status: 503, message: 'Slow down' });
    const images = await provider({ maxRetries: 1 }).generate({ ...request, n: 1 });
    expect(images).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('names a bad API key', async () => {
    const error = await provider({ apiKey: 'sk-wrong' }).generate(request).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'authentication', retryable: false, status: 401 });
    expect((error as Error).message).toMatch(/^OpenAI refused the API key \(HTTP 401\): Incorrect API key provided\./);
  });

  it('times out instead of hanging when OpenAI does not answer', async () => {
    fake.hangNext(5);
    const started = Date.now();
    const error = await provider({ timeoutMs: 300, maxRetries: 0 }).generate(request).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ name: 'ImageProviderError', code: 'timeout', retryable: true });
    expect((error as Error).message).toBe('OpenAI did not answer within 0.3 s (image generation timed out)');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(5_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps retrying a timed-out attempt only maxRetries times', async () => {
    fake.hangNext(5);
    const error = await provider({ timeoutMs: 200, maxRetries: 1 }).generate(request).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(fake.requests).toHaveLength(2);
  });

  it('times out when the answer stalls after its headers', async () => {
    fake.hangNext(1, 'mid-body');
    const started = Date.now();
    const error = await provider({ timeoutMs: 300, maxRetries: 0 }).generate(request).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout', message: 'OpenAI did not answer within 0.3 s (image generation timed out)' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out when a stream stops sending events', async () => {
    fake.hangNext(1, 'mid-body');
    const progress: string[] = [];
    const started = Date.now();
    const error = await provider({ timeoutMs: 300, maxRetries: 0, stream: true }).generate(request, (_, message) => progress.push(message)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(progress).toContain('Partial image 1 received');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is cancelled by the request signal', async () => {
    fake.hangNext();
    const controller = new AbortController();
    void fake.whenHanging().then(() => controller.abort());
    const error = await provider().generate({ ...request, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ImageProviderError', code: 'aborted', retryable: false });
  });

  it('turns streamed partial images into progress (generations and edits)', async () => {
    const streaming = provider({ stream: true, partialImages: 2 });
    expect(streaming.features).toContain('streaming-progress');
    const events: Array<{ progress: number; message: string; preview?: Buffer }> = [];
    const images = await streaming.generate({ ...request, n: 1 }, (progress, message, preview) => events.push({ progress, message, preview }));
    expect(images).toHaveLength(1);
    expect(sniffImageType(images[0])).toBe('image/png');
    expect(fake.requests[0]).toMatchObject({ endpoint: 'generations', stream: true, partialImages: 2 });
    const partials = events.filter((e) => e.preview);
    expect(partials).toHaveLength(2);
    expect(partials.map((e) => e.message)).toEqual(['Partial image 1 received', 'Partial image 2 received']);
    const values = events.map((e) => e.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values[values.length - 1]).toBe(1);

    const edited = await streaming.generate({ ...request, n: 2, referenceImages: [png] });
    expect(edited).toHaveLength(2);
    expect(fake.requests[1]).toMatchObject({ endpoint: 'edits', stream: true, imageCount: 1 });
  });

  it('refuses a reference that is not an image before calling OpenAI', async () => {
    const error = await provider().generate({ ...request, referenceImages: [Buffer.from('hello.png')] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends edits to the edit model, with input_fidelity only where the model takes it, and records the model and usage', async () => {
    const record: ImageCallRecord = {};
    await provider({ editModel: 'gpt-image-2.6-sunburst' }).generate({ ...request, n: 1, size: '1024x1024', referenceImages: [png], record });
    expect(fake.requests[0]).toMatchObject({ endpoint: 'edits', model: 'gpt-image-2.6-sunburst', inputFidelity: undefined });
    expect(record).toEqual({
      model: 'gpt-image-2.6-sunburst',
      usage: { input_tokens: 308, output_tokens: 4224, total_tokens: 4532, input_tokens_details: { text_tokens: 50, image_tokens: 258 } },
    });
    await provider({ model: 'gpt-image-1.5' }).generate({ ...request, n: 1, size: '1024x1024', referenceImages: [png] });
    expect(fake.requests[1]).toMatchObject({ endpoint: 'edits', model: 'gpt-image-1.5', inputFidelity: 'high' });
  });

  it('sums the usage of every streamed image', async () => {
    const record: ImageCallRecord = {};
    await provider({ stream: true, partialImages: 1 }).generate({ ...request, n: 3, quality: 'low', size: '1024x1024', record });
    expect(record).toMatchObject({ model: 'gpt-image-2.6-flare', usage: { input_tokens: 150, output_tokens: 3 * 264, total_tokens: 150 + 3 * 264 } });
  });

  it('draws custom sizes on the gpt-image-2 family and refuses the others before calling OpenAI', async () => {
    const [image] = await provider().generate({ ...request, n: 1, size: '1088x1360' as never });
    expect(await sharp(image).metadata()).toMatchObject({ width: 1088, height: 1360 });
    const error = await provider({ model: 'gpt-image-1.5' }).generate({ ...request, n: 1, size: '1088x1360' as never }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_request', retryable: false });
    expect(fake.requests).toHaveLength(1);
  });

  it('tells the user, without retrying, that a model OpenAI no longer serves must be replaced', async () => {
    fake.now = new Date('2026-12-01T00:00:00Z');
    const record: ImageCallRecord = {};
    const error = await provider({ model: 'gpt-image-1.5', maxRetries: 2 }).generate({ ...request, record }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProviderError);
    expect(error).toMatchObject({ code: 'model_unavailable', retryable: false, status: 404, message: 'The image model gpt-image-1.5 is no longer available; an administrator must choose another' });
    expect(fake.requests).toHaveLength(1);
    expect(record).toEqual({ model: 'gpt-image-1.5' });
  });
});
