import { createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { pgPoolOf, queryPrepared } from './prepared-statements';

describe('queryPrepared', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.dataSource.query(`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)`);
    await db.dataSource.query(`INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two')`);
  });
  afterAll(() => db.drop());

  it('runs a statement prepared once per connection, and prepares it again when a migration changed the columns behind its *', async () => {
    const pool = pgPoolOf(db.dataSource);
    const text = `WITH touched AS (UPDATE prepared_probe SET label = label WHERE id = $1 RETURNING *) SELECT * FROM touched`;
    // Every pooled connection has it prepared before the table changes.
    const before = await Promise.all(Array.from({ length: 6 }, (_, i) => queryPrepared(pool, text, [1 + (i % 2)])));
    expect(before.map(([row]) => row)).toEqual(Array.from({ length: 6 }, (_, i) => ({ id: 1 + (i % 2), label: i % 2 ? 'two' : 'one' })));
    const prepared = await db.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()`);
    expect(prepared[0].n).toBeGreaterThan(1);

    await db.dataSource.query(`ALTER TABLE prepared_probe ADD COLUMN added int NOT NULL DEFAULT 7`);
    const after = await Promise.all(Array.from({ length: 6 }, (_, i) => queryPrepared(pool, text, [1 + (i % 2)])));
    expect(after.map(([row]) => row)).toEqual(Array.from({ length: 6 }, (_, i) => ({ id: 1 + (i % 2), label: i % 2 ? 'two' : 'one', added: 7 })));
    // Other failures are the caller's.
    await expect(queryPrepared(pool, `SELECT * FROM prepared_probe WHERE id = $1::int`, ['not a number'])).rejects.toThrow(/invalid input syntax/);
  });
});
