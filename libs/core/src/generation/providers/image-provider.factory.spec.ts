import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, loadConfig } from '../../infra/config/app-config';
import { LocalDiskStorage } from '../../storage/drivers/local-disk.storage';
import { ImageVariants } from '../../storage/image-variants';
import { STORAGE_DRIVER, StorageDriver } from '../../storage/storage-driver';
import { StorageModule } from '../../storage/storage.module';
import { FakeOpenAI } from '../../testing/fake-openai';
import { composeBrandPrompt, IMAGE_PROVIDER, ImageProvider, providerStatus, supportsSize } from './image-provider';
import { createImageProvider, ImageProviders } from './image-provider.factory';
import { ImageProvidersModule } from './image-providers.module';
import { LocalImageRenderer } from './local/local-image-renderer';
import { OpenAiImageProvider } from './openai/openai-image-provider';

const baseEnv = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', SESSION_SECRET: 'x'.repeat(32) };

describe('image provider selection', () => {
  it('uses the local renderer without OPENAI_API_KEY', () => {
    const config = loadConfig({ ...baseEnv, LOCAL_RENDERER_DELAY_MS: '250' });
    expect(config.openaiConfigured).toBe(false);
    const provider = createImageProvider(config);
    expect(provider).toBeInstanceOf(LocalImageRenderer);
    expect(providerStatus(provider)).toEqual({
      isConfigured: false,
      apiName: 'Local renderer',
      features: ['text-to-image', 'variations', 'brand-colors', 'test-images'],
    });
  });

  it('names the missing provider (OpenAI) in its status while the local renderer draws test images', () => {
    const providers = ImageProviders.fromConfig(loadConfig(baseEnv));
    expect(providers.status()).toEqual({ isConfigured: false, apiName: 'OpenAI', features: expect.arrayContaining(['test-images']) });
    expect(providers.forPrompt('A red bottle')).toBeInstanceOf(LocalImageRenderer);
  });

  it('uses OpenAI with OPENAI_API_KEY, and the local renderer for TEST prompts', () => {
    const config = loadConfig({ ...baseEnv, OPENAI_API_KEY: 'sk-x', OPENAI_IMAGE_STREAM: 'true', OPENAI_TIMEOUT_MS: '120000' });
    expect(config.OPENAI_IMAGE_MODEL).toBe('gpt-image-2.6-flare');
    const providers = ImageProviders.fromConfig(config);
    expect(providers.primary).toBeInstanceOf(OpenAiImageProvider);
    expect(providers.status()).toEqual({
      isConfigured: true,
      apiName: 'OpenAI',
      features: ['text-to-image', 'reference-images', 'variations', 'brand-colors', 'streaming-progress'],
    });
    expect(providers.forPrompt('A calm beach at dawn')).toBe(providers.primary);
    expect(providers.forPrompt('TEST A calm beach at dawn')).toBe(providers.local);
    expect(providers.forPrompt('test lowercase is a real prompt')).toBe(providers.primary);
    expect((providers.primary as OpenAiImageProvider).client.timeout).toBe(120000);
  });

  it('defaults to the current OpenAI models, one setting per use', () => {
    const config = loadConfig({ ...baseEnv, OPENAI_API_KEY: 'sk-x' });
    expect(config).toMatchObject({
      OPENAI_IMAGE_MODEL: 'gpt-image-2.6-flare',
      OPENAI_IMAGE_EDIT_MODEL: 'gpt-image-2.6-sunburst',
      OPENAI_OUTPAINT_MODEL: 'gpt-image-2.6-sunburst',
      OPENAI_VISION_MODEL: 'gpt-6-luna',
    });
    expect(() => loadConfig({ ...baseEnv, OPENAI_IMAGE_EDIT_MODEL: 'gpt image 2' })).toThrow(/OPENAI_IMAGE_EDIT_MODEL must be an OpenAI model id/);
    expect(() => loadConfig({ ...baseEnv, OPENAI_OUTPAINT_MODEL: '' })).toThrow(/OPENAI_OUTPAINT_MODEL/);
    // The gpt-image-2 family draws custom sizes within OpenAI's limits; the 1.x models three sizes.
    const current = ImageProviders.fromConfig(config).primary;
    expect(current.capabilities).toMatchObject({ edits: true, masks: true, maxImagesPerCall: 10 });
    expect(supportsSize(current.capabilities, '1088x1360')).toBe(true);
    expect(supportsSize(current.capabilities, '1000x1000')).toBe(false);
    expect(supportsSize(current.capabilities, '3840x1024')).toBe(false);
    const legacy = ImageProviders.fromConfig(loadConfig({ ...baseEnv, OPENAI_API_KEY: 'sk-x', OPENAI_IMAGE_MODEL: 'gpt-image-1.5' })).primary;
    expect(supportsSize(legacy.capabilities, '1088x1360')).toBe(false);
  });

  it('picks the provider IMAGE_PROVIDER names from the registry, and refuses an unknown or unrunnable one naming the variable', () => {
    expect(ImageProviders.fromConfig(loadConfig({ ...baseEnv, OPENAI_API_KEY: 'sk-x', IMAGE_PROVIDER: 'local' })).primary).toBeInstanceOf(LocalImageRenderer);
    expect(ImageProviders.fromConfig(loadConfig({ ...baseEnv, IMAGE_PROVIDER: 'local' })).primary.name).toBe('local');
    expect(() => ImageProviders.fromConfig(loadConfig({ ...baseEnv, IMAGE_PROVIDER: 'dalle' }))).toThrow(/IMAGE_PROVIDER: unknown image provider 'dalle' \(registered: openai, local\)/);
    expect(() => ImageProviders.fromConfig(loadConfig({ ...baseEnv, IMAGE_PROVIDER: 'openai' }))).toThrow(/IMAGE_PROVIDER: 'openai' cannot run: OPENAI_API_KEY is not set/);
    expect(() => loadConfig({ ...baseEnv, IMAGE_PROVIDER: 'Open AI' })).toThrow(/IMAGE_PROVIDER must be a provider name/);
    const providers = ImageProviders.fromConfig(loadConfig({ ...baseEnv, OPENAI_API_KEY: 'sk-x' }));
    expect(providers.byName('openai')).toBe(providers.primary);
    expect(providers.byName('local')).toBe(providers.local);
    expect(providers.byName('test')).toBeUndefined();
  });

  it('validates the new variables with clear messages', () => {
    expect(() => loadConfig({ ...baseEnv, OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ ...baseEnv, OPENAI_PARTIAL_IMAGES: '5' })).toThrow(/OPENAI_PARTIAL_IMAGES/);
    expect(() => loadConfig({ ...baseEnv, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(loadConfig({ ...baseEnv, S3_BUCKET: 'b' }).storageDriver).toBe('s3');
    expect(loadConfig(baseEnv)).toMatchObject({ storageDriver: 'local', STORAGE_DIR: '.data/storage', IMAGE_MAX_INPUT_PIXELS: 40_000_000, OPENAI_MAX_RETRIES: 1 });
  });

  it('adds the brand to the prompt sent to an AI provider', () => {
    expect(composeBrandPrompt('A prompt')).toBe('A prompt');
    expect(composeBrandPrompt('A prompt', { colors: { primary: '#0066FF', accent: '' } })).toBe('A prompt\n\nUse the brand colour palette: primary #0066ff.');
  });
});

describe('StorageModule and ImageProvidersModule in Nest', () => {
  const fake = new FakeOpenAI();
  let dir: string;

  beforeAll(async () => {
    await fake.start();
    dir = mkdtempSync(join(tmpdir(), 'brandloom-modules-'));
  });
  afterAll(async () => {
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function boot(env: Record<string, string>) {
    const config = loadConfig({ ...baseEnv, STORAGE_DIR: dir, ...env });
    @Global()
    @Module({ providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] })
    class TestConfigModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TestConfigModule, StorageModule, ImageProvidersModule] }).compile();
    await moduleRef.init();
    return moduleRef;
  }

  it('wires the local driver and the local renderer by default', async () => {
    const moduleRef = await boot({});
    const storage = moduleRef.get<StorageDriver>(STORAGE_DRIVER);
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).root).toBe(dir);
    expect(moduleRef.get(ImageVariants).maxInputPixels).toBe(40_000_000);
    expect(moduleRef.get<ImageProvider>(IMAGE_PROVIDER)).toBeInstanceOf(LocalImageRenderer);
    await moduleRef.close();
  });

  it('refuses to start with an unknown IMAGE_PROVIDER', async () => {
    await expect(boot({ IMAGE_PROVIDER: 'dalle' })).rejects.toThrow(/IMAGE_PROVIDER: unknown image provider 'dalle'/);
  });

  it('wires OpenAI, pointed at OPENAI_BASE_URL', async () => {
    const moduleRef = await boot(fake.env());
    const provider = moduleRef.get<ImageProvider>(IMAGE_PROVIDER);
    expect(provider).toBeInstanceOf(OpenAiImageProvider);
    const [image] = await provider.generate({ prompt: 'A quick check', quality: 'low', size: '1024x1024', n: 1 });
    const storage = moduleRef.get<StorageDriver>(STORAGE_DRIVER);
    const thumb = await moduleRef.get(ImageVariants).thumbnail(image);
    await storage.put('org/o/generated/check.png', image, 'image/png');
    await storage.put('org/o/generated/check.thumb.webp', thumb.buffer, thumb.contentType);
    expect(await storage.exists('org/o/generated/check.thumb.webp')).toBe(true);
    expect(fake.requests).toHaveLength(1);
    await moduleRef.close();
  });
});
