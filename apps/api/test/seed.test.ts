import { sql } from 'drizzle-orm';
import { inject, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connectDatabase } from '../src/db/client';
import { frameSets } from '../src/db/schema';
import { seedCatalogue } from '../src/services/catalogue/seed';
import { LocalStorage } from '../src/services/storage';
import { createTestDatabase, testConfig } from './helpers';

async function counts(url: string) {
  const database = connectDatabase(url);
  try {
    const { rows } = await database.pool.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM preset_sizes) AS sizes, (SELECT count(*) FROM frame_sets) AS sets,
              (SELECT count(*) FROM frame_finishes) AS finishes, (SELECT count(*) FROM white_borders) AS borders`,
    );
    return rows[0];
  } finally {
    await database.close();
  }
}

describe('migrations and seed', () => {
  it('migrates an empty database, seeds it, and a second start changes nothing', async () => {
    const testDb = await createTestDatabase({ empty: true });
    const storage = new LocalStorage(inject('storageRoot'));
    try {
      for (let start = 0; start < 2; start++) {
        const database = connectDatabase(testDb.url);
        const app = await buildApp({ config: testConfig(), database, storage, webDist: false, logger: false });
        await app.close();
      }
      expect(await counts(testDb.url)).toEqual({
        sizes: '33',
        sets: '5',
        finishes: expect.stringMatching(/^(2\d|[3-9]\d)$/),
        borders: '7',
      });
    } finally {
      await testDb.drop();
    }
  });

  it('never overwrites what the shop owner changed', async () => {
    const testDb = await createTestDatabase();
    const database = connectDatabase(testDb.url);
    try {
      await database.db.execute(sql`UPDATE frame_sets SET rate_paise_per_sq_in = 777, name = 'Owner name' WHERE sort = 0`);
      await seedCatalogue(database, new LocalStorage(inject('storageRoot')), { info() {}, warn() {} });
      const [first] = await database.db
        .select()
        .from(frameSets)
        .where(sql`sort = 0`);
      expect(first?.ratePaisePerSqIn).toBe(777);
      expect(first?.name).toBe('Owner name');
    } finally {
      await database.close();
      await testDb.drop();
    }
  });

  it('lets two servers start at once on one database without duplicating anything', async () => {
    const testDb = await createTestDatabase({ empty: true });
    const storage = new LocalStorage(inject('storageRoot'));
    try {
      const dbs = [connectDatabase(testDb.url), connectDatabase(testDb.url)];
      const apps = await Promise.all(
        dbs.map((database) => buildApp({ config: testConfig(), database, storage, webDist: false, logger: false })),
      );
      await Promise.all(apps.map((a) => a.close()));
      const c = await counts(testDb.url);
      expect(c?.sets).toBe('5');
      expect(c?.sizes).toBe('33');
    } finally {
      await testDb.drop();
    }
  });
});
