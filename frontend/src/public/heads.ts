import { SIGN_IN_DESCRIPTION, SIGN_UP_DESCRIPTION } from '../features/auth/heads';
import { LANDING_DESCRIPTION, LANDING_TITLE } from '../features/landing/content';
import { HERO_IMAGE, heroSrcSet } from '../features/landing/images';
import { landingStructuredData } from '../features/landing/seo';
import { META_DELETION_DESCRIPTION, PRIVACY_DESCRIPTION, TERMS_DESCRIPTION } from '../features/legal/heads';
import type { PublicPath } from './pages';

/** What a public page puts in its <head> besides the app's own tags (build time only). */
export interface PageHead {
  title: string;
  description: string;
  /** JSON-LD, written as a data block (not a script: the CSP allows none inline). */
  structuredData?: object;
  /** The hero image to preload. */
  preloadImage?: { srcSet: string; sizes: string; href: string };
}

export const PAGE_HEADS: Record<PublicPath, (origin: string) => PageHead> = {
  '/': (origin) => ({
    title: LANDING_TITLE,
    description: LANDING_DESCRIPTION,
    structuredData: landingStructuredData(origin),
    preloadImage: { srcSet: heroSrcSet(), sizes: HERO_IMAGE.sizes, href: HERO_IMAGE.url(HERO_IMAGE.widths[1]) },
  }),
  '/terms': () => ({ title: 'Terms of Service | Brandloom', description: TERMS_DESCRIPTION }),
  '/privacy': () => ({ title: 'Privacy Policy | Brandloom', description: PRIVACY_DESCRIPTION }),
  '/meta-deletion': () => ({ title: 'Meta Data Deletion Request | Brandloom', description: META_DELETION_DESCRIPTION }),
  '/signin': () => ({ title: 'Sign in | Brandloom', description: SIGN_IN_DESCRIPTION }),
  '/signup': () => ({ title: 'Sign up | Brandloom', description: SIGN_UP_DESCRIPTION }),
};
