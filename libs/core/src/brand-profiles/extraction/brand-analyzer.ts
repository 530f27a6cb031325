import type { BrandData } from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { AppConfig } from '../../infra/config/app-config';
import { ImageVariants } from '../../storage/image-variants';
import { adFontsForTypography, DEFAULT_BRAND_COLORS } from '@brandloom/contracts';
import { imageStatistics, inferStyle } from '../color/image-style';
import { paletteOfSamples, pickBrandColors, samplePixels, type PixelSample } from '../color/palette';
import { OpenAiBrandVision } from './brand-vision';

export interface BrandAnalysis {
  brandData: BrandData;
  description: string;
  /** Indexes of the images that could not be decoded. */
  unreadable: number[];
}

/** Longest side of the images sent to the vision model. */
const VISION_IMAGE_SIZE = 512;

/**
 * Turns brand images into brand data. Colours are always measured locally (palette.ts); typography,
 * tone, image style and personality come from the OpenAI vision model when OPENAI_API_KEY is set and
 * it answers, else from image statistics (image-style.ts).
 */
@Injectable()
export class BrandAnalyzer {
  private readonly logger = new Logger(BrandAnalyzer.name);
  readonly vision: OpenAiBrandVision | null;

  constructor(private readonly images: ImageVariants, config: AppConfig) {
    this.vision = config.OPENAI_API_KEY
      ? new OpenAiBrandVision({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_VISION_MODEL,
          timeoutMs: config.OPENAI_VISION_TIMEOUT_MS,
          maxRetries: Math.min(1, config.OPENAI_MAX_RETRIES),
        })
      : null;
  }

  /** Null when no image could be decoded. */
  async analyse(buffers: readonly Buffer[], signal?: AbortSignal): Promise<BrandAnalysis | null> {
    const samples: PixelSample[] = [];
    const readable: Buffer[] = [];
    const unreadable: number[] = [];
    for (const [index, buffer] of buffers.entries()) {
      try {
        samples.push(await samplePixels(buffer, this.images));
        readable.push(buffer);
      } catch (error) {
        this.logger.warn(`brand image ${index + 1} could not be decoded: ${(error as Error).message}`);
        unreadable.push(index);
      }
    }
    if (samples.length === 0) return null;

    const palette = paletteOfSamples(samples);
    const roles = pickBrandColors(palette) ?? { ...DEFAULT_BRAND_COLORS };
    const colors = { primary: roles.primary.toUpperCase(), secondary: roles.secondary.toUpperCase(), accent: roles.accent.toUpperCase() };
    const paletteEntries = palette.map((c) => ({ hex: c.hex.toUpperCase(), proportion: Number(c.proportion.toFixed(4)) }));
    const stats = imageStatistics(samples, palette);
    const inferred = inferStyle(stats, colors, samples.length);

    let style = { typography: inferred.typography, visualStyle: inferred.visualStyle, brandPersonality: inferred.brandPersonality, description: inferred.description };
    const metadata: Record<string, string> = { source: 'extraction', imageCount: String(samples.length), ...inferred.metadata, styleSource: 'image-statistics' };
    if (this.vision) {
      try {
        const visionImages = await Promise.all(readable.map((buffer) => this.visionImage(buffer)));
        const answer = await this.vision.analyse({ images: visionImages, colors, palette: paletteEntries, signal });
        style = {
          typography: {
            fontFamily: answer.typography.fontFamily || inferred.typography.fontFamily,
            headingStyle: answer.typography.headingStyle || inferred.typography.headingStyle,
          },
          visualStyle: { tone: answer.visualStyle.tone || inferred.visualStyle.tone, imageStyle: answer.visualStyle.imageStyle || inferred.visualStyle.imageStyle },
          brandPersonality: answer.brandPersonality.length > 0 ? answer.brandPersonality : inferred.brandPersonality,
          description: answer.description || inferred.description,
        };
        Object.assign(metadata, answer.metadata, { styleSource: 'openai', visionModel: this.vision.model });
      } catch (error) {
        // The colours are measured anyway; the style falls back to image statistics.
        this.logger.warn(`vision analysis failed, using image statistics: ${(error as Error).message}`);
        metadata.visionFallback = 'The vision model was unavailable; style inferred from image statistics';
      }
    }
    return {
      brandData: {
        colors,
        typography: style.typography,
        fonts: adFontsForTypography(style.typography),
        visualStyle: style.visualStyle,
        brandPersonality: style.brandPersonality,
        palette: paletteEntries,
        metadata,
      },
      description: style.description,
      unreadable,
    };
  }

  /** A JPEG of at most 512×512 on white (transparency flattened) for the vision model. */
  private async visionImage(buffer: Buffer): Promise<{ buffer: Buffer; contentType: 'image/jpeg' }> {
    const jpeg = await sharp(buffer, { limitInputPixels: this.images.maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize(VISION_IMAGE_SIZE, VISION_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return { buffer: jpeg, contentType: 'image/jpeg' };
  }
}
