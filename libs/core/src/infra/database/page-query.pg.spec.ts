import { createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { readPage } from './page-query';

describe('readPage', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.dataSource.query(`CREATE TABLE page_probe (id int PRIMARY KEY)`);
    await db.dataSource.query(`INSERT INTO page_probe VALUES (1), (2)`);
  });
  afterAll(() => db.drop());

  it('reads the rows and the total from one snapshot: a row committed between the two statements counts in neither', async () => {
    const reading = readPage<{ id: number }>(db.dataSource, `SELECT id FROM page_probe CROSS JOIN pg_sleep(0.5) ORDER BY id`, `SELECT count(*)::int AS total FROM page_probe`, []);
    // Commit a row while the rows statement is running, after its snapshot was taken.
    for (;;) {
      const active = await db.dataSource.query(`SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%CROSS JOIN pg_sleep(0.5)%' AND pid <> pg_backend_pid()`);
      if (active.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await db.dataSource.query(`INSERT INTO page_probe VALUES (3)`);
    expect(await reading).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
    // The next read sees it in both.
    expect(await readPage(db.dataSource, `SELECT id FROM page_probe ORDER BY id`, `SELECT count(*)::int AS total FROM page_probe`, [])).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3 });
  });
});
