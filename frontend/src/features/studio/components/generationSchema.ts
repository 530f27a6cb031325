import { zodResolver } from '@hookform/resolvers/zod';
import {
  AD_COPY_LIMITS,
  AD_CTA_TYPES,
  AD_FORMAT_IDS,
  GENERATION_MESSAGES,
  PROMPT_MIN_LENGTH,
  QUALITIES,
  IMAGE_SIZES,
  VARIATIONS_MAX,
  VARIATIONS_MIN,
} from '@brandloom/contracts';
import { z } from 'zod';

/**
 * 'Also make ads': each stored picture is also set as these ads. When off, nothing is checked (and
 * nothing sent). The messages are catalogue keys, translated where they are shown.
 */
const adsSchema = z
  .object({
    on: z.boolean(),
    placements: z.array(z.enum(AD_FORMAT_IDS)),
    layout: z.string(),
    headline: z.string(),
    body: z.string(),
    cta: z.union([z.enum(AD_CTA_TYPES as [string, ...string[]]), z.literal('')]),
  })
  .superRefine((ads, context) => {
    if (!ads.on) return;
    if (ads.placements.length === 0) context.addIssue({ code: z.ZodIssueCode.custom, path: ['placements'], message: 'studio.ads.placementsRequired' });
    if (!ads.layout) context.addIssue({ code: z.ZodIssueCode.custom, path: ['layout'], message: 'studio.ads.layoutRequired' });
    const headline = ads.headline.trim();
    if (!headline) context.addIssue({ code: z.ZodIssueCode.custom, path: ['headline'], message: 'studio.ads.headlineRequired' });
    if (headline.length > AD_COPY_LIMITS.headline) context.addIssue({ code: z.ZodIssueCode.custom, path: ['headline'], message: 'studio.ads.headlineTooLong' });
    if (ads.body.trim().length > AD_COPY_LIMITS.body) context.addIssue({ code: z.ZodIssueCode.custom, path: ['body'], message: 'studio.ads.bodyTooLong' });
  });

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
  ads: adsSchema,
});

export type GenerationFormInput = z.input<typeof generationSchema>;
export type GenerationFormValues = z.output<typeof generationSchema>;
export type AdsFormValues = z.output<typeof adsSchema>;

/** The form's resolver; the form loads this module when it is first focused or checked (see GenerateForm). */
export const generationResolver = zodResolver(generationSchema);
