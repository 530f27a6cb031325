// Typography, visual style and personality of a brand from its images, by an OpenAI vision model with
// structured output (chat completions, response_format json_schema, strict). Colours are never
// asked of the model: they are measured locally and given to it as context.
import type OpenAI from 'openai';
import { createOpenAiClient } from '../../infra/openai/openai-client';

export interface BrandVisionOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 or a local fake. */
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

export interface BrandVisionInput {
  /** JPEG/PNG images, already downscaled (they are sent inline as data URLs). */
  images: Array<{ buffer: Buffer; contentType: 'image/jpeg' | 'image/png' }>;
  colors: { primary: string; secondary: string; accent: string };
  palette: Array<{ hex: string; proportion: number }>;
  signal?: AbortSignal;
}

export interface BrandVisionResult {
  typography: { fontFamily: string; headingStyle: string };
  visualStyle: { tone: string; imageStyle: string };
  brandPersonality: string[];
  description: string;
  /** Other string fields (brandName, industry, mood, composition, logoStyle, targetAudience). */
  metadata: Record<string, string>;
}

export class BrandVisionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BrandVisionError';
  }
}

const METADATA_FIELDS = ['brandName', 'industry', 'mood', 'composition', 'logoStyle', 'targetAudience'] as const;

/** The JSON schema of the answer (strict structured output: every property required, no others). */
export const BRAND_VISION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['fontFamily', 'headingStyle', 'tone', 'imageStyle', 'brandPersonality', 'description', ...METADATA_FIELDS],
  properties: {
    fontFamily: { type: 'string', description: 'The typeface family seen in the images, or the closest widely available font (e.g. "Montserrat, sans-serif").' },
    headingStyle: { type: 'string', description: 'How headings look, e.g. "Bold uppercase geometric sans-serif".' },
    tone: { type: 'string', description: 'Two or three tone words, comma separated, e.g. "Bold, Warm, Energetic".' },
    imageStyle: { type: 'string', description: 'The imagery style in a short phrase, e.g. "High-contrast lifestyle photography".' },
    brandPersonality: { type: 'array', items: { type: 'string' }, description: 'Three to five single-word personality traits.' },
    description: { type: 'string', description: 'One or two sentences describing the brand identity.' },
    brandName: { type: 'string', description: 'The brand name if it is legible in the images, else an empty string.' },
    industry: { type: 'string', description: 'The likely industry, or an empty string.' },
    mood: { type: 'string', description: 'The overall mood in a few words.' },
    composition: { type: 'string', description: 'Typical composition and layout.' },
    logoStyle: { type: 'string', description: 'The logo style if a logo is visible, else an empty string.' },
    targetAudience: { type: 'string', description: 'The likely audience, or an empty string.' },
  },
} as const;

const SYSTEM_PROMPT =
  'You are a brand designer. From the brand images you are given, describe the brand identity: typography, ' +
  'visual tone, imagery style and personality. The colours were measured precisely from the pixels and are given ' +
  'to you; do not contradict them. Answer only with the requested JSON.';

export class OpenAiBrandVision {
  readonly client: OpenAI;

  constructor(private readonly options: BrandVisionOptions) {
    this.client = createOpenAiClient(options);
  }

  get model(): string {
    return this.options.model;
  }

  async analyse(input: BrandVisionInput): Promise<BrandVisionResult> {
    const palette = input.palette
      .slice(0, 8)
      .map((c) => `${c.hex} (${Math.round(c.proportion * 100)}%)`)
      .join(', ');
    const context =
      `Measured brand colours: primary ${input.colors.primary}, secondary ${input.colors.secondary}` +
      `${input.colors.accent ? `, accent ${input.colors.accent}` : ''}. Full palette by area: ${palette}. ` +
      `There ${input.images.length === 1 ? 'is 1 image' : `are ${input.images.length} images`}.`;
    let content: string | null | undefined;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            {
              role: 'user',
              content: [
                { type: 'text', text: context },
                ...input.images.map((image) => ({
                  type: 'image_url' as const,
                  image_url: { url: `data:${image.contentType};base64,${image.buffer.toString('base64')}`, detail: 'low' as const },
                })),
              ],
            },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'brand_identity', strict: true, schema: BRAND_VISION_SCHEMA as unknown as Record<string, unknown> } },
        },
        { signal: input.signal },
      );
      const message = completion.choices[0]?.message;
      if (message?.refusal) throw new BrandVisionError(`The vision model refused: ${message.refusal}`);
      content = message?.content;
    } catch (error) {
      if (error instanceof BrandVisionError) throw error;
      throw new BrandVisionError(`The vision model failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!content) throw new BrandVisionError('The vision model gave no answer');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (error) {
      throw new BrandVisionError('The vision model did not answer with JSON', { cause: error });
    }
    return toResult(parsed);
  }
}

function clean(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** Checks the model's JSON and trims it to what brand_data holds. */
export function toResult(value: unknown): BrandVisionResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BrandVisionError('The vision model answered with something other than an object');
  const v = value as Record<string, unknown>;
  const personality = Array.isArray(v.brandPersonality) ? v.brandPersonality.map((tag) => clean(tag, 40)).filter(Boolean) : [];
  const result: BrandVisionResult = {
    typography: { fontFamily: clean(v.fontFamily, 200), headingStyle: clean(v.headingStyle, 200) },
    visualStyle: { tone: clean(v.tone, 300), imageStyle: clean(v.imageStyle, 300) },
    brandPersonality: [...new Set(personality)].slice(0, 8),
    description: clean(v.description, 600),
    metadata: {},
  };
  for (const field of METADATA_FIELDS) {
    const text = clean(v[field], 300);
    if (text) result.metadata[field] = text;
  }
  if (!result.visualStyle.tone && !result.visualStyle.imageStyle && result.brandPersonality.length === 0) {
    throw new BrandVisionError('The vision model answered without a style');
  }
  return result;
}

