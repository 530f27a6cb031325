import { isPurchasablePriceId, ProductDto } from '@brandloom/contracts';
import type { Product } from './entities/product.entity';

export const toProductDto = (p: Product): ProductDto => ({
  id: p.id,
  key: p.key,
  name: p.name,
  description: p.description,
  price: p.price,
  currency: 'usd',
  credits: p.credits,
  product_type: p.product_type,
  billing_period: p.billing_period,
  plan_tier: p.plan_tier,
  stripe_price_id: p.stripe_price_id,
  purchasable: isPurchasablePriceId(p.stripe_price_id),
  features: p.metadata.features ?? [],
  popular: p.metadata.popular ?? false,
  limited: p.metadata.limited ?? false,
  metadata: p.metadata,
});
