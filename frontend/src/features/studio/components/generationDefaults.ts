import { GENERATION_DEFAULTS } from '@brandloom/contracts';
import type { GenerationFormInput } from './generationSchema';

/** The form's starting values; apart from the schema so that showing the form does not load zod. */
export function defaultGenerationValues(brandProfileId: string, prompt = ''): GenerationFormInput {
  return {
    prompt,
    quality: GENERATION_DEFAULTS.quality,
    size: GENERATION_DEFAULTS.size,
    brandProfileId,
    variationCount: GENERATION_DEFAULTS.variationCount,
    contentPolicyScan: GENERATION_DEFAULTS.contentPolicyScan,
    adFormats: [],
    ads: { on: false, placements: [], layout: '', headline: '', body: '', cta: '' },
  };
}
