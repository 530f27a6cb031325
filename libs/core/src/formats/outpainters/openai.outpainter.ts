import OpenAI, { toFile } from 'openai';
import type { ImageEditParamsNonStreaming } from 'openai/resources/images';
import { createOpenAiClient, type OpenAiClientOptions } from '../../infra/openai/openai-client';
import { ImageProviderError, modelUnavailableMessage } from '../../generation/providers/image-provider';
import { addUsage } from '../../generation/providers/token-usage';
import type { Outpainter, OutpaintRequest } from './outpainter';

const OUTPAINT_INSTRUCTIONS =
  'Extend this image outwards into the transparent area of the mask: continue the scene, background, lighting and colours seamlessly. Do not change, move or repeat the existing content, and add no text.';

/** Outpainting through OpenAI's image edit endpoint, the mask keeping the original's pixels. */
export class OpenAiOutpainter implements Outpainter {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(options: OpenAiClientOptions & { model: string }, client?: OpenAI) {
    this.model = options.model;
    this.client = client ?? createOpenAiClient(options);
  }

  private readonly model: string;

  async outpaint(request: OutpaintRequest): Promise<Buffer> {
    const params: ImageEditParamsNonStreaming = {
      model: this.model,
      image: await toFile(request.image, 'canvas.png', { type: 'image/png' }),
      mask: await toFile(request.mask, 'mask.png', { type: 'image/png' }),
      prompt: `${OUTPAINT_INSTRUCTIONS}\nThe image shows: ${request.prompt.slice(0, 1000)}`,
      n: 1,
      size: request.size,
      quality: request.quality,
      ...(/^dall-e/i.test(this.model) ? { response_format: 'b64_json' as const } : { output_format: 'png' as const }),
    };
    let b64: string | undefined;
    if (request.record) request.record.model = this.model;
    try {
      const answer = await this.client.images.edit(params);
      b64 = answer.data?.[0]?.b64_json;
      if (request.record) request.record.usage = addUsage(undefined, answer.usage);
    } catch (error) {
      const status = (error as { status?: number }).status;
      const code = (error as { code?: unknown }).code;
      if (code === 'model_not_found' || status === 404) {
        throw new ImageProviderError(modelUnavailableMessage(this.model), { code: 'model_unavailable', retryable: false, status, cause: error });
      }
      const retryable = status === undefined || status === 429 || status >= 500;
      throw new ImageProviderError(`OpenAI could not extend the image${status ? ` (HTTP ${status})` : ''}: ${(error as Error).message}`, {
        code: retryable ? 'server_error' : 'invalid_request',
        retryable,
        status,
        cause: error,
      });
    }
    if (!b64) throw new ImageProviderError('OpenAI returned no image', { code: 'bad_output', retryable: true });
    return Buffer.from(b64, 'base64');
  }
}
