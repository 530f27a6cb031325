/** Meta's call-to-action types an ad's button can carry, with the label the button shows. */
export const AD_CTA_LABELS = {
  SHOP_NOW: 'Shop now',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  BOOK_NOW: 'Book now',
  DOWNLOAD: 'Download',
  GET_OFFER: 'Get offer',
  CONTACT_US: 'Contact us',
  SUBSCRIBE: 'Subscribe',
  APPLY_NOW: 'Apply now',
  ORDER_NOW: 'Order now',
  GET_QUOTE: 'Get quote',
  WATCH_MORE: 'Watch more',
} as const;

export type AdCtaType = keyof typeof AD_CTA_LABELS;
export const AD_CTA_TYPES = Object.keys(AD_CTA_LABELS) as AdCtaType[];

export function isAdCtaType(value: unknown): value is AdCtaType {
  return typeof value === 'string' && Object.hasOwn(AD_CTA_LABELS, value);
}

/** Longest copy an ad takes: Meta's recommended headline (40) and primary text (125) lengths. */
export const AD_COPY_LIMITS = { headline: 40, body: 125 } as const;
