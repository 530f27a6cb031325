import { brandExtractionLimitMessage, brandProfileLimitMessage, type BrandUsageDto } from '@brandloom/contracts';

/** A limit the plan has reached, with the sentence that says why the action is refused. */
export interface ReachedLimit {
  kind: 'profiles' | 'extractions';
  message: string;
}

/** The brand profile allowance, when every profile of it is in use (null: room left, or unlimited). */
export function profileLimitReached(usage: BrandUsageDto | undefined): ReachedLimit | null {
  const limit = usage?.profiles.limit;
  if (limit === null || limit === undefined || usage!.profiles.used < limit) return null;
  return { kind: 'profiles', message: brandProfileLimitMessage(limit) };
}

/** Today's extractions, when they are used up (null: some left, or unlimited). */
export function extractionLimitReached(usage: BrandUsageDto | undefined): ReachedLimit | null {
  const limit = usage?.extractions.limit;
  if (limit === null || limit === undefined || usage!.extractions.usedToday < limit) return null;
  return { kind: 'extractions', message: brandExtractionLimitMessage(limit) };
}

/** "1 of 1 brand profile used" / "3 brand profiles (unlimited)". */
export function profileUsageText({ used, limit }: BrandUsageDto['profiles']): string {
  if (limit === null) return `${used} brand ${used === 1 ? 'profile' : 'profiles'} (unlimited)`;
  return `${used} of ${limit} brand ${limit === 1 ? 'profile' : 'profiles'} used`;
}

/** "0 of 25 extractions today" / "Unlimited extractions". */
export function extractionUsageText({ usedToday, limit }: BrandUsageDto['extractions']): string {
  return limit === null ? 'Unlimited extractions' : `${usedToday} of ${limit} extractions today`;
}
