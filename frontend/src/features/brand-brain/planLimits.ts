import { BRAND_EXTRACTION_DAILY_LIMIT, BRAND_PROFILE_LIMITS, UNLIMITED_EXTRACTION_TIERS, type BrandUsageDto } from '@brandloom/contracts';
import { translate } from '../../lib/i18n/translate';

/** A limit the plan has reached, with the sentence that says why the action is refused. */
export interface ReachedLimit {
  kind: 'profiles' | 'extractions';
  message: string;
}

/** "a, b and c" / "a or b" in the active language. */
function joinList(items: string[], conjunction: 'brandBrain.plan.and' | 'brandBrain.plan.or'): string {
  return items.length > 1 ? translate(conjunction, { list: items.slice(0, -1).join(', '), last: items[items.length - 1] }) : (items[0] ?? '');
}

/** The sentence of the contracts' brandProfileLimitMessage, in the active language. */
function profileLimitMessage(limit: number): string {
  const used = limit === 1 ? translate('brandBrain.plan.profileLimitOne') : translate('brandBrain.plan.profileLimitMany', { limit });
  const more = Object.entries(BRAND_PROFILE_LIMITS)
    .filter(([, allowed]) => allowed === null || allowed > limit)
    .map(([tier, allowed]) => (allowed === null ? translate('brandBrain.plan.tierIncludesUnlimited', { tier }) : translate('brandBrain.plan.tierIncludes', { tier, count: allowed })));
  return `${used} ${translate('brandBrain.plan.profileLimitUpgrade', { plans: joinList(more, 'brandBrain.plan.and') })}`;
}

/** The sentence of the contracts' brandExtractionLimitMessage, in the active language. */
function extractionLimitMessage(limit: number = BRAND_EXTRACTION_DAILY_LIMIT): string {
  return translate('brandBrain.plan.extractionLimit', { limit, tiers: joinList([...UNLIMITED_EXTRACTION_TIERS], 'brandBrain.plan.or') });
}

/** The brand profile allowance, when every profile of it is in use (null: room left, or unlimited). */
export function profileLimitReached(usage: BrandUsageDto | undefined): ReachedLimit | null {
  const limit = usage?.profiles.limit;
  if (limit === null || limit === undefined || usage!.profiles.used < limit) return null;
  return { kind: 'profiles', message: profileLimitMessage(limit) };
}

/** Today's extractions, when they are used up (null: some left, or unlimited). */
export function extractionLimitReached(usage: BrandUsageDto | undefined): ReachedLimit | null {
  const limit = usage?.extractions.limit;
  if (limit === null || limit === undefined || usage!.extractions.usedToday < limit) return null;
  return { kind: 'extractions', message: extractionLimitMessage(limit) };
}

/** "1 of 1 brand profile used" / "3 brand profiles (unlimited)". */
export function profileUsageText({ used, limit }: BrandUsageDto['profiles']): string {
  if (limit === null) return translate('brandBrain.plan.profilesUnlimited', { used });
  return translate('brandBrain.plan.profilesUsed', { used, limit });
}

/** "0 of 25 extractions today" / "Unlimited extractions". */
export function extractionUsageText({ usedToday, limit }: BrandUsageDto['extractions']): string {
  return limit === null ? translate('brandBrain.plan.extractionsUnlimited') : translate('brandBrain.plan.extractionsToday', { used: usedToday, limit });
}
