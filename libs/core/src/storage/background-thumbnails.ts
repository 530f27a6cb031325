import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sniffImageType } from './content-sniffing';
import { ImageVariants, UnsupportedImageError, type ImageVariant } from './image-variants';

/** The lowest CPU priority: the thumbnails take what the requests and jobs leave of the cores. */
const BACKGROUND_NICENESS = 19;

/**
 * util-linux's chrt starts the process under SCHED_IDLE where it exists: the scheduler then lets
 * any other task that wakes up take the core at once. A niceness of 19 alone still lets the encoder
 * run out its time slice (a few milliseconds) before a waking request or job gets the core.
 */
const CHRT = ['/usr/bin/chrt', '/bin/chrt'].find((path) => existsSync(path));

/**
 * The encoding process. Kept as plain JavaScript (it runs without the TypeScript toolchain): it
 * lowers its own priority before sharp starts any thread (threads inherit it), then encodes what
 * it is sent with the same pipeline as ImageVariants.thumbnail (the settings come with each request).
 */
const ENCODER_SOURCE = `
const os = require('node:os');
os.setPriority(${BACKGROUND_NICENESS});
const sharp = require(process.argv[1]);
process.on('message', async ({ id, input, settings }) => {
  try {
    const { data, info } = await sharp(Buffer.from(input), { limitInputPixels: settings.maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize(settings.maxDimension, settings.maxDimension, { fit: 'inside', withoutEnlargement: true })
      .webp(settings.webp)
      .toBuffer({ resolveWithObject: true });
    process.send({ id, data, width: info.width, height: info.height });
  } catch (error) {
    process.send({ id, error: String((error && error.message) || error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

interface EncoderAnswer {
  id: number;
  data?: Uint8Array;
  width?: number;
  height?: number;
  error?: string;
}

interface Pending {
  resolve(variant: ImageVariant): void;
  reject(error: Error): void;
}

/**
 * WebP thumbnails made away from the requests: in a child process at the lowest CPU priority, so
 * that on a busy machine they wait for idle cores instead of slowing the next generation down.
 * What is not an image is refused before it is sent; if the process cannot be used, the thumbnail
 * is encoded in this process instead (ImageVariants.thumbnail, which inspects it first).
 */
@Injectable()
export class BackgroundThumbnails implements OnApplicationShutdown {
  private readonly logger = new Logger(BackgroundThumbnails.name);
  private encoder?: ChildProcess;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;
  private abandoned = false;

  constructor(private readonly images: ImageVariants) {}

  /** The process's id while it runs (tests read its priority). */
  get encoderPid(): number | undefined {
    return this.encoder?.pid;
  }

  async thumbnail(input: Buffer): Promise<ImageVariant> {
    // Only the type is checked here (no header read on the way): the encoder refuses images over
    // the pixel limit itself (limitInputPixels), and every original was inspected when stored.
    if (!sniffImageType(input)) throw new UnsupportedImageError();
    if (this.abandoned) throw new ThumbnailsAbandonedError();
    const encoder = this.closed ? undefined : this.startedEncoder();
    if (!encoder) return this.images.thumbnail(input);
    const id = ++this.nextId;
    const answer = new Promise<ImageVariant>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    encoder.send({ id, input, settings: this.images.thumbnailSettings() });
    return answer.catch((error: Error) => {
      if (error instanceof EncoderGoneError) return this.images.thumbnail(input);
      throw error;
    });
  }

  onApplicationShutdown(): void {
    this.close();
  }

  /** Stops the process; what it still had to encode is encoded here. */
  close(): void {
    this.closed = true;
    this.encoder?.kill();
  }

  /**
   * For a stopping process: kills the encoder and gives up every thumbnail not made yet, at once.
   * The encoder only runs on idle cores, so on a busy machine waiting for it could hold the stop
   * for minutes; thumbnails are a cache, and a missing one is made when it is first asked for.
   */
  abandon(): void {
    this.abandoned = true;
    this.closed = true;
    // SIGKILL: a process that gets no core would take as long to handle SIGTERM as to finish.
    this.encoder?.kill('SIGKILL');
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.reject(new ThumbnailsAbandonedError());
    }
  }

  private startedEncoder(): ChildProcess | undefined {
    if (this.encoder) return this.encoder;
    try {
      const node = [process.execPath, '-e', ENCODER_SOURCE, require.resolve('sharp')];
      const [command, ...args] = CHRT ? [CHRT, '--idle', '0', ...node] : node;
      const encoder = spawn(command, args, {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      let stderr = '';
      encoder.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      encoder.on('message', (answer: EncoderAnswer) => this.settle(answer));
      encoder.on('error', (error) => this.logger.warn(`thumbnail process: ${error.message}`));
      encoder.on('exit', (code, signal) => {
        if (this.encoder === encoder) this.encoder = undefined;
        if (!this.closed) this.logger.warn(`thumbnail process ended (${signal ?? code})${stderr ? `: ${stderr.trim()}` : ''}`);
        for (const [id, pending] of this.pending) {
          this.pending.delete(id);
          pending.reject(new EncoderGoneError());
        }
      });
      // Background work: it never keeps this process alive.
      encoder.unref();
      encoder.channel?.unref();
      this.encoder = encoder;
      return encoder;
    } catch (error) {
      this.logger.warn(`thumbnail process not started (encoding here instead): ${(error as Error).message}`);
      return undefined;
    }
  }

  private settle(answer: EncoderAnswer): void {
    const pending = this.pending.get(answer.id);
    if (!pending) return;
    this.pending.delete(answer.id);
    if (answer.error !== undefined || !answer.data) pending.reject(new Error(answer.error ?? 'no thumbnail'));
    else pending.resolve({ buffer: Buffer.from(answer.data), contentType: 'image/webp', width: answer.width!, height: answer.height! });
  }
}

class EncoderGoneError extends Error {
  constructor() {
    super('the thumbnail process ended');
  }
}

/** A thumbnail asked for, or still waiting, when the process began to stop. */
export class ThumbnailsAbandonedError extends Error {
  constructor() {
    super('the process is stopping');
  }
}
