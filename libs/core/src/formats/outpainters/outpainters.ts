import type { AppConfig } from '../../infra/config/app-config';
import { LocalOutpainter } from './local.outpainter';
import { OpenAiOutpainter } from './openai.outpainter';
import type { Outpainter } from './outpainter';

/** The configured outpainters: OpenAI when OPENAI_API_KEY is set, and always the local test renderer. */
export class Outpainters {
  constructor(readonly openai: Outpainter | null, readonly local: Outpainter) {}

  static fromConfig(config: Pick<AppConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_IMAGE_MODEL' | 'OPENAI_TIMEOUT_MS' | 'OPENAI_MAX_RETRIES' | 'LOCAL_RENDERER_DELAY_MS'>): Outpainters {
    const openai = config.OPENAI_API_KEY
      ? new OpenAiOutpainter({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_IMAGE_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS, maxRetries: config.OPENAI_MAX_RETRIES })
      : null;
    return new Outpainters(openai, new LocalOutpainter(config.LOCAL_RENDERER_DELAY_MS));
  }

  /** The job's outpainter ('openai' falls back to the local one when the key was removed since). */
  get(name: string): Outpainter {
    return name === 'openai' && this.openai ? this.openai : this.local;
  }
}
