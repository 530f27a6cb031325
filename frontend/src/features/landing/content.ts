import type { MessageKey } from '../../lib/i18n/translate';

/**
 * The landing page's copy, as catalogue keys (src/locales/<language>.ts hold the words in each
 * language). Every claim is one the product keeps.
 */

export interface Card {
  title: MessageKey;
  text: MessageKey;
}

const card = (name: string): Card => ({ title: `${name}.title` as MessageKey, text: `${name}.text` as MessageKey });

export const BENEFITS: readonly Card[] = ['setup', 'credits', 'users', 'batch'].map((name) => card(`landing.benefits.${name}`));

export const FEATURES: readonly Card[] = ['brandBrain', 'studio', 'library', 'bulk', 'ads', 'credits'].map((name) => card(`landing.features.${name}`));

export const STEPS: readonly Card[] = ['teach', 'describe', 'publish'].map((name) => card(`landing.steps.${name}`));

/** A testimonial: the quote and the role are translated, the person and the company are names. */
export interface Testimonial {
  quote: MessageKey;
  author: string;
  role: MessageKey;
  company: string;
  avatarInitials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  { quote: 'landing.testimonials.maya.quote', author: 'Maya Chen', role: 'landing.testimonials.maya.role', company: 'Lumen Skincare', avatarInitials: 'MC' },
  { quote: 'landing.testimonials.daniel.quote', author: 'Daniel Ortiz', role: 'landing.testimonials.daniel.role', company: 'Northwind Agency', avatarInitials: 'DO' },
  { quote: 'landing.testimonials.priya.quote', author: 'Priya Nair', role: 'landing.testimonials.priya.role', company: 'Fieldcraft SaaS', avatarInitials: 'PN' },
];

/** The features each plan lists (contracts' billing.ts names them in English) and the bundles' size names, as catalogue keys. */
export const PLAN_FEATURE_KEYS: Readonly<Record<string, MessageKey>> = {
  'Brand Brain extraction': 'landing.pricing.feature.extraction',
  'AI image generation': 'landing.pricing.feature.generation',
  'Asset library management': 'landing.pricing.feature.library',
  'Basic analytics': 'landing.pricing.feature.basicAnalytics',
  'Advanced brand control': 'landing.pricing.feature.brandControl',
  'Export to multiple formats': 'landing.pricing.feature.export',
  'Priority generation': 'landing.pricing.feature.priorityGeneration',
  'Multiple brand profiles': 'landing.pricing.feature.multipleProfiles',
  'Team collaboration': 'landing.pricing.feature.collaboration',
  'Advanced analytics': 'landing.pricing.feature.advancedAnalytics',
  'Unlimited brand profiles': 'landing.pricing.feature.unlimitedProfiles',
  'Ad platform integration': 'landing.pricing.feature.adPlatform',
  'Priority support': 'landing.pricing.feature.prioritySupport',
};
export const BUNDLE_NAME_KEYS: Readonly<Record<string, MessageKey>> = {
  Small: 'landing.pricing.bundle.small',
  Medium: 'landing.pricing.bundle.medium',
  Large: 'landing.pricing.bundle.large',
};

/** The footer's external social link. */
export const SOCIAL_LINK = { label: 'landing.footer.linkedIn', href: 'https://www.linkedin.com/company/brandloom' } as const;
