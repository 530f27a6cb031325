import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Product } from './entities/product.entity';

/** A catalogue entry as written at boot (the timestamps are the table's). */
export type CatalogueProduct = Omit<Product, 'created_at' | 'updated_at'>;

const CATALOGUE_COLUMNS: Array<keyof CatalogueProduct> = [
  'key',
  'name',
  'description',
  'product_type',
  'billing_period',
  'plan_tier',
  'price',
  'credits',
  'stripe_price_id',
  'metadata',
  'sort_order',
];

@Injectable()
export class ProductsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Inserts or updates every product of `products` by id, in the transaction of `manager`, which
   * it holds one at a time: every API and worker process syncs at boot, and on a fresh database two
   * concurrent inserts would collide on the unique price id.
   */
  async upsertCatalogue(products: CatalogueProduct[], manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('products:sync', 0))`);
    // Moves every price id aside first, so two products may swap theirs without a unique violation.
    await manager.query(`UPDATE products SET stripe_price_id = 'moving:' || id`);
    await manager.createQueryBuilder().insert().into(Product).values(products).orUpdate(CATALOGUE_COLUMNS, ['id']).execute();
  }

  findAllInOrder(): Promise<Product[]> {
    return this.dataSource.getRepository(Product).find({ order: { sort_order: 'ASC' } });
  }

  findByPriceId(stripePriceId: string, manager: EntityManager = this.dataSource.manager): Promise<Product | null> {
    return manager.findOneBy(Product, { stripe_price_id: stripePriceId });
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Product | null> {
    return manager.findOneBy(Product, { id });
  }
}
