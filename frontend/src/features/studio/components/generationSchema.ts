import { zodResolver } from '@hookform/resolvers/zod';
import {
  AD_FORMAT_IDS,
  GENERATION_MESSAGES,
  PROMPT_MIN_LENGTH,
  QUALITIES,
  IMAGE_SIZES,
  VARIATIONS_MAX,
  VARIATIONS_MIN,
} from '@brandloom/contracts';
import { z } from 'zod';

/** The product's rules and messages for the single-generation form. */
export const generationSchema = z.object({
  prompt: z.string().trim().min(PROMPT_MIN_LENGTH, GENERATION_MESSAGES.promptTooShort),
  quality: z.enum(QUALITIES, { errorMap: () => ({ message: GENERATION_MESSAGES.qualityRequired }) }),
  size: z.enum(IMAGE_SIZES, { errorMap: () => ({ message: GENERATION_MESSAGES.sizeRequired }) }),
  brandProfileId: z.string(),
  variationCount: z
    .number({ invalid_type_error: GENERATION_MESSAGES.variationCountRange })
    .int(GENERATION_MESSAGES.variationCountRange)
    .min(VARIATIONS_MIN, GENERATION_MESSAGES.variationCountRange)
    .max(VARIATIONS_MAX, GENERATION_MESSAGES.variationCountRange),
  contentPolicyScan: z.boolean().refine((accepted) => accepted, GENERATION_MESSAGES.contentPolicyRequired),
  /** 'Also make ad formats'; empty when off. */
  adFormats: z.array(z.enum(AD_FORMAT_IDS)),
});

export type GenerationFormInput = z.input<typeof generationSchema>;
export type GenerationFormValues = z.output<typeof generationSchema>;

/** The form's resolver; the form loads this module when it is first focused or checked (see GenerateForm). */
export const generationResolver = zodResolver(generationSchema);
