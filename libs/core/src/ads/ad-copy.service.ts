import {
  AD_COPY_LIMITS,
  AD_COPY_PROPOSAL_COUNT,
  AD_CTA_LABELS,
  AD_CTA_TYPES,
  AD_MESSAGES,
  adCopyProblem,
  isAdFormatId,
  isUuid,
  placementSize,
  type AdCopyProposal,
  type AdFormatId,
  type SuggestAdCopyResponse,
} from '@brandloom/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { AssetLibraryService } from '../assets/asset-library.service';
import { BrandProfilesService } from '../brand-profiles/brand-profiles.service';
import type { BrandProfile } from '../brand-profiles/entities/brand-profile.entity';
import { AdTextModel } from './ad-text-model';
import { AdCopyFailedError, AdCopyNotConfiguredError, AdValidationError } from './ads.errors';

export interface SuggestAdCopyInput {
  organizationId: string;
  assetId: unknown;
  brandProfileId?: unknown;
  placement: unknown;
}

/** Where each placement is seen, for the model to pitch the copy. */
const PLACEMENT_CONTEXT: Record<AdFormatId, string> = {
  '1:1': 'a square image in the Facebook and Instagram feeds',
  '4:5': 'a portrait image in the Facebook and Instagram feeds',
  '9:16': 'a full-screen vertical image in Stories and Reels, read in a glance',
  '1.91:1': 'a landscape link image in the feed and the right column',
};

/**
 * The structured output the model must give: three proposals, each a headline, a body and one of
 * the call-to-action types an ad takes. Strict mode: every object closed, every property required;
 * the length limits are stated in the descriptions and checked on the answer.
 */
export const AD_COPY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['proposals'],
  properties: {
    proposals: {
      type: 'array',
      description: `Exactly ${AD_COPY_PROPOSAL_COUNT} different proposals.`,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['headline', 'body', 'cta'],
        properties: {
          headline: { type: 'string', description: `At most ${AD_COPY_LIMITS.headline} characters.` },
          body: { type: 'string', description: `The primary text, at most ${AD_COPY_LIMITS.body} characters.` },
          cta: { type: 'string', enum: [...AD_CTA_TYPES], description: 'The button.' },
        },
      },
    },
  },
} as const;

const INSTRUCTIONS =
  'You write copy for paid social ads (Facebook and Instagram). Write in the brand voice you are given, about what the ' +
  'picture shows. Each proposal takes a different angle. Never exceed the character limits: count characters. No hashtags, ' +
  'no emoji unless the brand voice calls for them, no claims the picture and the brand do not support. Answer only with the requested JSON.';

/** One more call when an answer has fewer than three usable proposals; then the request fails. */
const ATTEMPTS = 2;

/**
 * POST /api/ads/suggest-copy: three headline, body and call-to-action proposals for a picture in a
 * placement, in the brand profile's tone and personality, from OpenAI's text model through the
 * Responses API with a strict JSON schema. Every proposal is checked against the ad's own rules
 * (lengths, CTA types) before it is answered. Free, bounded by the 'ad-copy' paid-call allowance.
 */
@Injectable()
export class AdCopyService {
  private readonly logger = new Logger(AdCopyService.name);

  constructor(
    private readonly assets: AssetLibraryService,
    private readonly brandProfiles: BrandProfilesService,
    private readonly model: AdTextModel,
  ) {}

  async suggest(input: SuggestAdCopyInput): Promise<SuggestAdCopyResponse> {
    if (!isUuid(input.assetId)) throw new AdValidationError('assetId', AD_MESSAGES.assetIdRequired);
    if (input.placement === undefined || input.placement === null || input.placement === '') throw new AdValidationError('placement', AD_MESSAGES.placementRequired);
    if (!isAdFormatId(input.placement)) throw new AdValidationError('placement', AD_MESSAGES.placementUnknown(input.placement));
    const placement = input.placement;
    if (!this.model.isConfigured) throw new AdCopyNotConfiguredError();
    const asset = await this.assets.get(input.organizationId, input.assetId);
    const brandProfileId = input.brandProfileId === undefined || input.brandProfileId === null || input.brandProfileId === '' ? null : String(input.brandProfileId);
    const profile = brandProfileId ? await this.brandProfiles.getForOrganization(input.organizationId, brandProfileId) : null;

    const prompt = this.prompt(placement, asset.prompt ?? asset.name, profile);
    const proposals: AdCopyProposal[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS && proposals.length < AD_COPY_PROPOSAL_COUNT; attempt++) {
      for (const proposal of await this.ask(prompt)) {
        if (proposals.length < AD_COPY_PROPOSAL_COUNT && !proposals.some((kept) => kept.headline === proposal.headline && kept.body === proposal.body)) proposals.push(proposal);
      }
    }
    if (proposals.length < AD_COPY_PROPOSAL_COUNT) throw new AdCopyFailedError();
    return { proposals };
  }

  private prompt(placement: AdFormatId, picture: string, profile: BrandProfile | null): string {
    const { width, height } = placementSize(placement);
    const data = profile?.brand_data ?? {};
    const lines = [
      `Placement: ${placement} (${width}x${height} px), ${PLACEMENT_CONTEXT[placement]}.`,
      `Limits: headline at most ${AD_COPY_LIMITS.headline} characters, body at most ${AD_COPY_LIMITS.body} characters.`,
      `Call-to-action types: ${AD_CTA_TYPES.map((type) => `${type} ("${AD_CTA_LABELS[type]}")`).join(', ')}.`,
      `The picture: ${oneLine(picture, 1000)}`,
    ];
    if (profile) {
      lines.push(`Brand: ${oneLine(profile.name, 200)}${profile.description ? ` — ${oneLine(profile.description, 600)}` : ''}`);
      if (data.visualStyle?.tone) lines.push(`Tone of voice: ${oneLine(data.visualStyle.tone, 300)}`);
      if (data.brandPersonality?.length) lines.push(`Personality: ${data.brandPersonality.map((tag) => oneLine(tag, 50)).join(', ')}`);
    } else {
      lines.push('No brand profile: use a clear, friendly, neutral voice.');
    }
    return lines.join('\n');
  }

  /** One Responses API call; the proposals of its answer that pass the ad's rules. */
  private async ask(prompt: string): Promise<AdCopyProposal[]> {
    try {
      return validProposals(await this.model.askJson({ instructions: INSTRUCTIONS, prompt, schemaName: 'ad_copy_proposals', schema: AD_COPY_SCHEMA as unknown as Record<string, unknown> }));
    } catch (error) {
      this.logger.warn(`ad copy call failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new AdCopyFailedError(undefined, { cause: error });
    }
  }
}

/** The proposals of a model answer that an ad accepts as they are (trimmed), the others left out. */
export function validProposals(answer: unknown): AdCopyProposal[] {
  const list = (answer as { proposals?: unknown } | null)?.proposals;
  if (!Array.isArray(list)) return [];
  const valid: AdCopyProposal[] = [];
  for (const item of list as Array<Record<string, unknown>>) {
    if (typeof item !== 'object' || item === null) continue;
    const headline = typeof item.headline === 'string' ? oneLine(item.headline) : item.headline;
    const body = typeof item.body === 'string' ? oneLine(item.body) : item.body;
    if (adCopyProblem('headline', headline) || adCopyProblem('body', body, false) || adCopyProblem('cta', item.cta) || typeof item.cta !== 'string') continue;
    valid.push({ headline: headline as string, body: (body as string | undefined) ?? '', cta: item.cta as AdCopyProposal['cta'] });
  }
  return valid;
}

function oneLine(value: string, max = 10_000): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}
