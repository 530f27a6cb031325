import type { Language } from '../users';

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

/**
 * The button's label in each language an ad is written in, as Meta shows that call to action to
 * people using Facebook and Instagram in that language. American English is AD_CTA_LABELS.
 */
export const AD_CTA_LABELS_BY_LANGUAGE: Record<Language, Record<AdCtaType, string>> = {
  'en-US': AD_CTA_LABELS,
  es: {
    SHOP_NOW: 'Comprar ahora',
    LEARN_MORE: 'Más información',
    SIGN_UP: 'Registrarte',
    BOOK_NOW: 'Reservar ahora',
    DOWNLOAD: 'Descargar',
    GET_OFFER: 'Obtener oferta',
    CONTACT_US: 'Contactar',
    SUBSCRIBE: 'Suscribirte',
    APPLY_NOW: 'Solicitar ahora',
    ORDER_NOW: 'Pedir ahora',
    GET_QUOTE: 'Pedir presupuesto',
    WATCH_MORE: 'Ver más',
  },
  fr: {
    SHOP_NOW: 'Acheter',
    LEARN_MORE: 'En savoir plus',
    SIGN_UP: 'S’inscrire',
    BOOK_NOW: 'Réserver',
    DOWNLOAD: 'Télécharger',
    GET_OFFER: 'Profiter de l’offre',
    CONTACT_US: 'Nous contacter',
    SUBSCRIBE: 'S’abonner',
    APPLY_NOW: 'Postuler',
    ORDER_NOW: 'Commander',
    GET_QUOTE: 'Demander un devis',
    WATCH_MORE: 'Regarder plus',
  },
  de: {
    SHOP_NOW: 'Jetzt einkaufen',
    LEARN_MORE: 'Mehr dazu',
    SIGN_UP: 'Registrieren',
    BOOK_NOW: 'Jetzt buchen',
    DOWNLOAD: 'Herunterladen',
    GET_OFFER: 'Angebot sichern',
    CONTACT_US: 'Kontakt aufnehmen',
    SUBSCRIBE: 'Abonnieren',
    APPLY_NOW: 'Jetzt bewerben',
    ORDER_NOW: 'Jetzt bestellen',
    GET_QUOTE: 'Angebot anfordern',
    WATCH_MORE: 'Mehr ansehen',
  },
};

/** The label an ad's button shows: in the ad's language, American English for an ad without one. */
export function adCtaLabel(type: AdCtaType, language?: Language | null): string {
  return AD_CTA_LABELS_BY_LANGUAGE[language ?? 'en-US'][type];
}
export const AD_CTA_TYPES = Object.keys(AD_CTA_LABELS) as AdCtaType[];

export function isAdCtaType(value: unknown): value is AdCtaType {
  return typeof value === 'string' && Object.hasOwn(AD_CTA_LABELS, value);
}

/** Longest copy an ad takes: Meta's recommended headline (40) and primary text (125) lengths. */
export const AD_COPY_LIMITS = { headline: 40, body: 125 } as const;
