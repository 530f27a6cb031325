import { PRERENDERED_PAGES } from '@brandloom/contracts';
import type { ComponentType } from 'react';
import { activeLocale } from '../lib/i18n/format';
import { loadLegalTexts } from '../features/legal/texts';

export type PublicPath = (typeof PRERENDERED_PAGES)[number]['path'];

export interface PublicPage {
  path: PublicPath;
  file: string;
  /** The page's source module as the Vite manifest names it, so pre-rendering can preload its chunk. */
  module: string;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Drawn in the visitor's light or dark mode, as the SPA draws it (public/theme-init.js applies it
   * before the first paint); the landing and legal pages are drawn light.
   */
  followsColorMode?: boolean;
}

const fileOf = (path: PublicPath) => PRERENDERED_PAGES.find((p) => p.path === path)!.file;

/** The pages pre-rendered at build time and hydrated by src/public/main.tsx; the SPA routes the same components. */
/** A legal page with its text in the active language (a module per language), both loaded before it renders or hydrates. */
const legalPage = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadLegalTexts(activeLocale())]).then(([page]) => page);

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', file: fileOf('/'), module: 'src/features/landing/components/LandingPage.tsx', load: () => import('../features/landing/components/LandingPage') },
  { path: '/terms', file: fileOf('/terms'), module: 'src/features/legal/components/TermsPage.tsx', load: legalPage(() => import('../features/legal/components/TermsPage')) },
  { path: '/privacy', file: fileOf('/privacy'), module: 'src/features/legal/components/PrivacyPage.tsx', load: legalPage(() => import('../features/legal/components/PrivacyPage')) },
  {
    path: '/meta-deletion',
    file: fileOf('/meta-deletion'),
    module: 'src/features/legal/components/MetaDeletionPage.tsx',
    load: legalPage(() => import('../features/legal/components/MetaDeletionPage')),
  },
  { path: '/signin', file: fileOf('/signin'), module: 'src/features/auth/components/SignInPage.tsx', load: () => import('../features/auth/components/SignInPage'), followsColorMode: true },
  { path: '/signup', file: fileOf('/signup'), module: 'src/features/auth/components/SignUpPage.tsx', load: () => import('../features/auth/components/SignUpPage'), followsColorMode: true },
];
