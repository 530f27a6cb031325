import {
  AD_COPY_LIMITS,
  AD_MESSAGES,
  adCopyProblem,
  adLanguagesProblem,
  isAdFormatId,
  isAdLayoutId,
  isUuid,
  LANGUAGES,
  type AdCopyTranslation,
  type AdCtaType,
  type Language,
  type TranslateAdCopyResponse,
} from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { AssetLibraryService } from '../assets/asset-library.service';
import { BrandProfileNotFoundError } from '../brand-profiles/brand-profiles.errors';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import type { BrandProfile } from '../brand-profiles/entities/brand-profile.entity';
import { AdTextModel } from './ad-text-model';
import { AdTranslationFailedError, AdTranslationNotConfiguredError, AdValidationError } from './ads.errors';
import { AdsService } from './ads.service';

export interface TranslateAdCopyInput {
  organizationId: string;
  assetId: unknown;
  brandProfileId?: unknown;
  placement: unknown;
  layout: unknown;
  headline: unknown;
  body?: unknown;
  cta?: unknown;
  languages: unknown;
}

const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'American English', es: 'Spanish', fr: 'French', de: 'German' };

/** Strict structured output: one translation per language asked for, each closed and complete. */
export const AD_TRANSLATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['translations'],
  properties: {
    translations: {
      type: 'array',
      description: 'One translation for each language asked for.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['language', 'headline', 'body'],
        properties: {
          language: { type: 'string', enum: [...LANGUAGES] },
          headline: { type: 'string', description: `At most ${AD_COPY_LIMITS.headline} characters.` },
          body: { type: 'string', description: `At most ${AD_COPY_LIMITS.body} characters; empty when the source body is empty.` },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS =
  'You translate the copy of paid social ads (Facebook and Instagram) for native speakers: natural, idiomatic, same tone and intent, ' +
  'not word for word. Keep every term of the glossary exactly as written (product and brand names are never translated). ' +
  'Stay within the character limits: count characters, prefer a shorter phrasing over a literal one. Answer only with the requested JSON.';

/**
 * POST /api/ads/translate: the ad's headline and body in each language asked for, by OpenAI's text
 * model (Responses API, strict JSON schema), keeping the brand's glossary and name untranslated.
 * Each translation is checked against the copy limits and laid out on the picture in the placement
 * and layout like a saved ad; one that does not fit is still answered, with `fits: false` naming the
 * field, for the user to shorten. Nothing is stored. Free, bounded by the 'ad-copy' allowance.
 */
@Injectable()
export class AdTranslateService {
  private readonly logger = new Logger(AdTranslateService.name);

  constructor(
    private readonly assets: AssetLibraryService,
    private readonly brandProfiles: BrandProfilesService,
    private readonly ads: AdsService,
    private readonly model: AdTextModel,
  ) {}

  async translate(input: TranslateAdCopyInput): Promise<TranslateAdCopyResponse> {
    if (!isUuid(input.assetId)) throw new AdValidationError('assetId', AD_MESSAGES.assetIdRequired);
    if (!isAdFormatId(input.placement)) throw new AdValidationError('placement', input.placement === undefined ? AD_MESSAGES.placementRequired : AD_MESSAGES.placementUnknown(input.placement));
    if (!isAdLayoutId(input.layout)) throw new AdValidationError('layout', AD_MESSAGES.layoutUnknown(input.layout));
    for (const field of ['headline', 'body', 'cta'] as const) {
      const problem = adCopyProblem(field, input[field]);
      if (problem) throw new AdValidationError(field, problem);
    }
    const languagesProblem = adLanguagesProblem(input.languages);
    if (languagesProblem) throw new AdValidationError('languages', languagesProblem);
    const brandProfileId = input.brandProfileId === undefined || input.brandProfileId === null || input.brandProfileId === '' ? null : input.brandProfileId;
    if (brandProfileId !== null && !isUuid(brandProfileId)) throw new AdValidationError('brandProfileId', 'brandProfileId must be a brand profile id');
    if (!this.model.isConfigured) throw new AdTranslationNotConfiguredError();

    const languages = input.languages as Language[];
    const headline = String(input.headline).trim();
    const body = typeof input.body === 'string' ? input.body.trim() : '';
    const cta = (input.cta as AdCtaType | null | undefined) ?? null;
    const asset = await this.assets.get(input.organizationId, input.assetId);
    const profile = await this.profileOf(input.organizationId, brandProfileId, asset.brand_profile_id ?? null);
    const keep = [...(profile ? [profile.name] : []), ...(profile?.brand_data?.glossary ?? [])].map((term) => oneLine(term, 60)).filter(Boolean);

    const answer = await this.ask(this.prompt(headline, body, languages, keep));
    const translated = languages.map((language) => answer.find((item) => item.language === language));
    if (translated.some((item) => !item)) throw new AdTranslationFailedError();

    const copies = translated.map((item) => ({ headline: oneLine(item!.headline), body: body ? oneLine(item!.body) : '', cta }));
    const lengthProblems = copies.map((copy) => {
      for (const field of ['headline', 'body'] as const) {
        const problem = adCopyProblem(field, copy[field]);
        if (problem) return { field, message: problem };
      }
      return null;
    });
    const fitting = copies.filter((_, index) => !lengthProblems[index]);
    const layoutProblems = await this.ads.fitProblems(
      input.organizationId,
      input.assetId,
      brandProfileId,
      input.placement,
      input.layout,
      fitting.map((copy) => ({ ...copy, language: languages[copies.indexOf(copy)] })),
    );
    const translations: AdCopyTranslation[] = copies.map((copy, index) => {
      const problem = lengthProblems[index] ?? layoutProblems[fitting.indexOf(copy)] ?? null;
      const entry: AdCopyTranslation = { language: languages[index], headline: copy.headline, body: copy.body, fits: problem === null };
      if (problem) Object.assign(entry, { field: problem.field, message: problem.message }, 'code' in problem ? { code: problem.code, params: problem.params } : {});
      return entry;
    });
    return { translations };
  }

  /** The profile asked for (404 unless the organization's), else the picture's own when it still exists, as an ad made from it would take. */
  private async profileOf(organizationId: string, askedFor: string | null, pictures: string | null): Promise<BrandProfile | null> {
    if (askedFor) return this.brandProfiles.getForOrganization(organizationId, askedFor);
    if (!pictures) return null;
    try {
      return await this.brandProfiles.getForOrganization(organizationId, pictures);
    } catch (error) {
      if (error instanceof BrandProfileNotFoundError) return null;
      throw error;
    }
  }

  private prompt(headline: string, body: string, languages: Language[], keep: string[]): string {
    return [
      `Translate into: ${languages.map((language) => `${language} (${LANGUAGE_NAMES[language]})`).join(', ')}.`,
      `Limits: headline at most ${AD_COPY_LIMITS.headline} characters, body at most ${AD_COPY_LIMITS.body} characters.`,
      `Glossary (keep exactly as written): ${keep.length > 0 ? keep.join(' | ') : '(none)'}`,
      `Headline: ${oneLine(headline)}`,
      `Body: ${oneLine(body)}`,
    ].join('\n');
  }

  private async ask(prompt: string): Promise<Array<{ language: unknown; headline: string; body: string }>> {
    try {
      const answer = await this.model.askJson({ instructions: INSTRUCTIONS, prompt, schemaName: 'ad_copy_translations', schema: AD_TRANSLATION_SCHEMA as unknown as Record<string, unknown> });
      const list = (answer as { translations?: unknown } | null)?.translations;
      if (!Array.isArray(list)) throw new Error('the answer has no translations');
      return (list as Array<Record<string, unknown>>).filter(
        (item): item is { language: unknown; headline: string; body: string } => typeof item === 'object' && item !== null && typeof item.headline === 'string' && typeof item.body === 'string',
      );
    } catch (error) {
      this.logger.warn(`ad translation call failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new AdTranslationFailedError(undefined, { cause: error });
    }
  }
}

function oneLine(value: string, max = 10_000): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}
