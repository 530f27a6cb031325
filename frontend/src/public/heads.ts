import { HERO_IMAGE, heroSrcSet } from '../features/landing/images';
import { landingStructuredData } from '../features/landing/seo';
import { translate } from '../lib/i18n/translate';
import type { PublicPath } from './pages';

/** What a public page puts in its <head> besides the app's own tags (build time only), in the active language. */
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
    title: translate('public.head.landing'),
    description: translate('public.description.landing'),
    structuredData: landingStructuredData(origin),
    preloadImage: { srcSet: heroSrcSet(), sizes: HERO_IMAGE.sizes, href: HERO_IMAGE.url(HERO_IMAGE.widths[1]) },
  }),
  '/terms': () => ({ title: translate('public.head.terms'), description: translate('public.description.terms') }),
  '/privacy': () => ({ title: translate('public.head.privacy'), description: translate('public.description.privacy') }),
  '/meta-deletion': () => ({ title: translate('public.head.metaDeletion'), description: translate('public.description.metaDeletion') }),
  '/signin': () => ({ title: translate('public.head.signIn'), description: translate('public.description.signIn') }),
  '/signup': () => ({ title: translate('public.head.signUp'), description: translate('public.description.signUp') }),
};
