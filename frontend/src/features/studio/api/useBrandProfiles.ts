import type { BrandProfileDto } from '@brandloom/contracts';

/** What the studio's selects need of a profile. */
export type BrandProfileOption = Pick<BrandProfileDto, 'id' | 'name'>;

