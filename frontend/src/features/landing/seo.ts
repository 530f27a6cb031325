import { ANNUAL_PRICING_PLANS, MONTHLY_PRICING_PLANS, PRICING_BUNDLES } from '@brandloom/contracts';
import { translate } from '../../lib/i18n/translate';
import { SOCIAL_LINK } from './content';
import { SHARE_IMAGE } from './images';

/** JSON-LD for search engines: the organization, and the product with every plan and bundle as an offer. */
export function landingStructuredData(origin: string): object {
  const offer = (name: string, price: number, category: string) => ({
    '@type': 'Offer',
    name,
    price: price.toFixed(2),
    priceCurrency: 'USD',
    category,
    url: `${origin}/signup`,
    availability: 'https://schema.org/InStock',
  });
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'Brandloom', url: `${origin}/`, logo: `${origin}${SHARE_IMAGE.path}`, sameAs: [SOCIAL_LINK.href] },
      {
        '@type': 'Product',
        name: 'Brandloom',
        description: translate('public.description.landing'),
        image: `${origin}${SHARE_IMAGE.path}`,
        brand: { '@id': `${origin}/#organization` },
        offers: [
          ...MONTHLY_PRICING_PLANS.map((p) => offer(`${p.name} monthly`, p.price, 'subscription')),
          ...ANNUAL_PRICING_PLANS.map((p) => offer(`${p.name} annual`, p.price, 'subscription')),
          ...PRICING_BUNDLES.map((b) => offer(`${b.name} credit bundle`, b.price, 'one-time')),
        ],
      },
    ],
  };
}
