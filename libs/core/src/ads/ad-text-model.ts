import { Injectable } from '@nestjs/common';
import type OpenAI from 'openai';
import { AppConfig } from '../infra/config/app-config';
import { createOpenAiClient } from '../infra/openai/openai-client';

/** What one structured call asks: the standing instructions, the request, and the JSON schema the answer must follow. */
export interface StructuredAsk {
  instructions: string;
  prompt: string;
  schemaName: string;
  schema: Record<string, unknown>;
}

/**
 * OpenAI's text model for the ads' copy (suggestions, translations): one Responses API call with a
 * strict JSON schema, answered as the parsed JSON (a refusal or text that is not JSON throws). The
 * callers check what the JSON holds.
 */
@Injectable()
export class AdTextModel {
  private client?: OpenAI;

  constructor(private readonly config: AppConfig) {}

  get isConfigured(): boolean {
    return Boolean(this.config.OPENAI_API_KEY);
  }

  async askJson(ask: StructuredAsk): Promise<unknown> {
    const response = await this.openai().responses.create({
      model: this.config.OPENAI_COPY_MODEL,
      instructions: ask.instructions,
      input: [{ role: 'user', content: [{ type: 'input_text', text: ask.prompt }] }],
      text: { format: { type: 'json_schema', name: ask.schemaName, strict: true, schema: ask.schema } },
    });
    let text = '';
    for (const item of response.output ?? []) {
      if (item.type !== 'message') continue;
      for (const part of item.content) {
        if (part.type === 'refusal') throw new Error(`the model refused: ${part.refusal}`);
        if (part.type === 'output_text') text += part.text;
      }
    }
    return JSON.parse(text) as unknown;
  }

  private openai(): OpenAI {
    this.client ??= createOpenAiClient({
      apiKey: this.config.OPENAI_API_KEY!,
      baseURL: this.config.OPENAI_BASE_URL,
      timeoutMs: this.config.OPENAI_COPY_TIMEOUT_MS,
      maxRetries: Math.min(1, this.config.OPENAI_MAX_RETRIES),
    });
    return this.client;
  }
}
