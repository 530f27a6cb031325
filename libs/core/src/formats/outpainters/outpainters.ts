import { ImageProviderError, providerGoneMessage } from '../../generation/providers/image-provider';
import type { AppConfig } from '../../infra/config/app-config';
import { LocalOutpainter } from './local.outpainter';
import { OpenAiOutpainter } from './openai.outpainter';
import type { Outpainter } from './outpainter';

/** The configured outpainters: OpenAI when OPENAI_API_KEY is set, and always the local test renderer. */
export class Outpainters {
  constructor(readonly openai: Outpainter | null, readonly local: Outpainter) {}

  static fromConfig(config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_OUTPAINT_MODEL' | 'OPENAI_TIMEOUT_MS' | 'OPENAI_MAX_RETRIES' | 'LOCAL_RENDERER_DELAY_MS'>): Outpainters {
    const openai = config.OPENAI_API_KEY
      ? new OpenAiOutpainter({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_OUTPAINT_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS, maxRetries: config.OPENAI_MAX_RETRIES })
      : null;
    return new Outpainters(openai, new LocalOutpainter(config.LOCAL_RENDERER_DELAY_MS));
  }

  /**
   * The outpainter of the provider the job was accepted for. A job never runs on another one under
   * its recorded name: when that provider is no longer configured (the key was removed since) the
   * job fails, and its debit is refunded.
   */
  get(name: string): Outpainter {
    const outpainter = [this.openai, this.local].find((candidate) => candidate?.name === name);
    if (!outpainter) throw new ImageProviderError(providerGoneMessage(name), { code: 'invalid_request', retryable: false });
    return outpainter;
  }
}
