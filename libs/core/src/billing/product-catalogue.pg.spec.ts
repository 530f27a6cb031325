import { CATALOGUE } from '@brandloom/contracts';
import { createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { DataSource } from 'typeorm';
import { ENTITIES } from '../entities';
import { AppConfig } from '../infra/config/app-config';
import { dataSourceOptions } from '../infra/database/data-source-options';
import { ProductCatalogue } from './product-catalogue.service';
import { ProductsRepository } from './products.repository';

describe('ProductCatalogue.sync', () => {
  let db: TestDatabase;
  const extra: DataSource[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(extra.map((d) => d.destroy()));
    await db.drop();
  });

  it('lets several processes sync a fresh database at the same time (API and workers boot together)', async () => {
    const config = { stripePriceIds: {} } as unknown as AppConfig;
    for (let i = 0; i < 4; i++) extra.push(await new DataSource(dataSourceOptions(db.url, ENTITIES)).initialize());
    for (let round = 0; round < 20; round++) {
      await db.dataSource.query(`DELETE FROM products`);
      const results = await Promise.allSettled(extra.map((dataSource) => new ProductCatalogue(dataSource, new ProductsRepository(dataSource), config).sync()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    }
    const [{ count }] = await db.dataSource.query(`SELECT count(*)::int AS count FROM products`);
    expect(count).toBe(CATALOGUE.length);
  });
});
