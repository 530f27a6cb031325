import { z } from 'zod';
import { translate } from '../../../lib/i18n/translate';
import { isHexColor } from '../brandData';
import {
  BRAND_MESSAGES,
  BRAND_PERSONALITY_MAX_TAGS,
  BRAND_PROFILE_DESCRIPTION_MAX_LENGTH,
  BRAND_PROFILE_NAME_MAX_LENGTH,
  BRAND_PROFILE_NAME_MIN_LENGTH,
} from '../constants';

/** The product's rules for the profile form: name ≥ 2 characters, colours '#RRGGBB' (accent may be empty); messages in the active language. */
export function brandProfileSchema() {
  const hexColor = z.string().trim().refine(isHexColor, BRAND_MESSAGES.invalidHexColor);
  return z.object({
  name: z
    .string()
    .trim()
    .min(BRAND_PROFILE_NAME_MIN_LENGTH, BRAND_MESSAGES.nameTooShort)
    .max(BRAND_PROFILE_NAME_MAX_LENGTH, BRAND_MESSAGES.nameTooLong),
  description: z.string().trim().max(BRAND_PROFILE_DESCRIPTION_MAX_LENGTH, BRAND_MESSAGES.descriptionTooLong),
  primary: hexColor,
  secondary: hexColor,
  accent: z
    .string()
    .trim()
    .refine((value) => value === '' || isHexColor(value), BRAND_MESSAGES.invalidHexColor),
  fontFamily: z.string().trim().max(200),
  headingStyle: z.string().trim().max(200),
  imageStyle: z.string().trim().max(300),
  tone: z.string().trim().max(300),
  brandPersonality: z.array(z.string()).max(BRAND_PERSONALITY_MAX_TAGS, translate('brandBrain.form.tooManyTags', { max: BRAND_PERSONALITY_MAX_TAGS })),
  });
}
