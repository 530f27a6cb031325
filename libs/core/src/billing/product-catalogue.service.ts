import { CATALOGUE, defaultStripePriceId, ProductDto, SubscriptionsResponse } from '@brandloom/contracts';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { Product } from './entities/product.entity';
import { ProductsRepository, type CatalogueProduct } from './products.repository';
import { toProductDto } from './product.mapper';

/**
 * The products table mirrors libs/contracts' CATALOGUE: it is rewritten at every boot, each price id
 * being STRIPE_PRICE_IDS[product id] when given, else price_{product id}.
 */
@Injectable()
export class ProductCatalogue implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly products: ProductsRepository,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sync();
  }

  async sync(): Promise<void> {
    const overrides = this.config.stripePriceIds;
    const rows = CATALOGUE.map((entry, index): CatalogueProduct => ({
      id: entry.id,
      key: entry.key,
      name: entry.name,
      description: entry.description,
      product_type: entry.product_type,
      billing_period: entry.billing_period,
      plan_tier: entry.plan_tier,
      price: entry.price,
      credits: entry.credits,
      stripe_price_id: overrides[entry.id] ?? defaultStripePriceId(entry.id),
      metadata: entry.metadata,
      sort_order: index,
    }));
    await this.dataSource.transaction((m) => this.products.upsertCatalogue(rows, m));
  }

  async list(): Promise<ProductDto[]> {
    const products = await this.products.findAllInOrder();
    return products.map(toProductDto);
  }

  /** Plans grouped by plan key: { pro: { monthly, annual }, ... }. */
  async subscriptionsByKey(): Promise<SubscriptionsResponse['subscriptions']> {
    const grouped: SubscriptionsResponse['subscriptions'] = {};
    for (const product of await this.list()) {
      if (product.product_type !== 'subscription' || !product.billing_period) continue;
      (grouped[product.key] ??= {})[product.billing_period] = product;
    }
    return grouped;
  }

  findByPriceId(stripePriceId: string, manager: EntityManager = this.dataSource.manager): Promise<Product | null> {
    return this.products.findByPriceId(stripePriceId, manager);
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Product | null> {
    return this.products.findById(id, manager);
  }
}
