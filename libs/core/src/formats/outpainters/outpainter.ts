import type { Quality } from '@brandloom/contracts';
import type { ImageCallRecord } from '../../generation/providers/image-provider';
import type { OutpaintInput } from '../format-renderer';

/** Nest injection token of the configured Outpainter. */
export const OUTPAINTER = Symbol('OUTPAINTER');

export interface OutpaintRequest extends OutpaintInput {
  /** What the image shows, to guide the margins (the original's prompt, when it has one). */
  prompt: string;
  quality: Quality;
  /** Filled in by the outpainter: the model it sent the request to and the usage its answer reported. */
  record?: ImageCallRecord;
}

/**
 * Paints the transparent part of the mask (an image's margins) and answers a PNG of the request's
 * size. Drivers: OpenAI's image edit endpoint, and the local test renderer (no key needed).
 */
export interface Outpainter {
  readonly name: 'openai' | 'local';
  outpaint(request: OutpaintRequest): Promise<Buffer>;
}
