import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { waitFor } from '../testing/generation';
import { procStatField } from '../testing/processes';
import { BackgroundThumbnails, ThumbnailsAbandonedError } from './background-thumbnails';
import { ImageVariants, UnsupportedImageError } from './image-variants';

const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .composite([{ input: { create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 60, b: 200 } } }, left: 100, top: 100 }])
    .png()
    .toBuffer();

const niceness = (pid: number) => procStatField(pid, 19);
const SCHED_IDLE = 5;
const schedulingPolicy = (pid: number) => procStatField(pid, 41);

describe('BackgroundThumbnails', () => {
  const images = new ImageVariants();
  let thumbnails: BackgroundThumbnails;
  beforeEach(() => {
    thumbnails = new BackgroundThumbnails(images);
  });
  afterEach(() => thumbnails.close());

  it('encodes in a process of the lowest priority, the same WebP as in this process', async () => {
    const input = await photo();
    const made = await thumbnails.thumbnail(input);
    expect(thumbnails.encoderPid).toEqual(expect.any(Number));
    expect(niceness(thumbnails.encoderPid!)).toBe(19);
    // This machine has util-linux's chrt (as Debian always does): the idle scheduling class.
    expect(schedulingPolicy(thumbnails.encoderPid!)).toBe(SCHED_IDLE);
    expect(made).toMatchObject({ contentType: 'image/webp', width: 384, height: 256 });
    const here = await images.thumbnail(input);
    expect(made.buffer.equals(here.buffer)).toBe(true);
    expect((await sharp(made.buffer).metadata()).format).toBe('webp');
  });

  it('refuses what is not an image before sending it, and reports what the encoder cannot read', async () => {
    await expect(thumbnails.thumbnail(Buffer.from('not a picture'))).rejects.toBeInstanceOf(UnsupportedImageError);
    const truncated = (await photo()).subarray(0, 2000);
    await expect(thumbnails.thumbnail(truncated)).rejects.toThrow();
    // The process still serves the next one.
    expect((await thumbnails.thumbnail(await photo())).width).toBe(384);
  });

  it('lets the encoder refuse an image over the pixel limit (its header is not read here first)', async () => {
    const limited = new BackgroundThumbnails(new ImageVariants({ maxInputPixels: 1200 * 800 - 1 }));
    try {
      await expect(limited.thumbnail(await photo())).rejects.toThrow(/pixel limit/);
      expect(limited.encoderPid).toBeDefined();
    } finally {
      limited.close();
    }
  });

  it('encodes here when the process ended under a request, and starts a new one for the next', async () => {
    const input = await photo();
    await thumbnails.thumbnail(input);
    const first = thumbnails.encoderPid!;
    const pending = thumbnails.thumbnail(input);
    process.kill(first, 'SIGKILL');
    expect((await pending).width).toBe(384);
    expect((await thumbnails.thumbnail(input)).width).toBe(384);
    expect(thumbnails.encoderPid).not.toBe(first);
  });

  it('gives up at once, when abandoned, what an encoder that gets no core has not made, and makes no more', async () => {
    const input = await photo();
    await thumbnails.thumbnail(input);
    const encoder = thumbnails.encoderPid!;
    // A stopped process is what a busy machine makes of one on idle cores: it never answers.
    process.kill(encoder, 'SIGSTOP');
    const pending = thumbnails.thumbnail(input);
    thumbnails.abandon();
    await expect(pending).rejects.toBeInstanceOf(ThumbnailsAbandonedError);
    await expect(thumbnails.thumbnail(input)).rejects.toBeInstanceOf(ThumbnailsAbandonedError);
    // Killed, stopped as it is: gone from the process table once reaped.
    await waitFor('the encoder to be gone', () => (existsSync(`/proc/${encoder}`) ? undefined : true), 5000);
  });

  it('encodes here once closed', async () => {
    thumbnails.close();
    expect((await thumbnails.thumbnail(await photo())).width).toBe(384);
    expect(thumbnails.encoderPid).toBeUndefined();
  });
});
