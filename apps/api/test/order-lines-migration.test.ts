/**
 * The migration to one `lines` array: an order placed for one photo before it (its line, photo and quantity in the
 * columns `line`, `upload_id` and `quantity`) is read afterwards as a one-line order, with nothing lost; an order
 * made from a cart keeps its lines as they were; and an order can no longer be stored without a line.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { connectDatabase, MIGRATIONS_FOLDER, type Database } from '../src/db/client';
import { getOrder } from '../src/services/orders/read';
import { createTestDatabase, tempDir, testConfig, type TestDatabase } from './helpers';

/** The last migration before orders kept their lines in one array. */
const BEFORE = '0013_catalogue_hindi';

let testDb: TestDatabase;
let database: Database;
let olderFolder: string;

/** A copy of the migrations folder that ends at `BEFORE` (its journal cut there). */
async function migrationsUpTo(tag: string): Promise<string> {
  const folder = await tempDir('framewala-migrations-');
  await fs.cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ empty: true });
  database = connectDatabase(testDb.url);
  olderFolder = await migrationsUpTo(BEFORE);
});

afterAll(async () => {
  await database?.close();
  await testDb?.drop();
  if (olderFolder) await fs.rm(olderFolder, { recursive: true, force: true });
});

const LINE = {
  sizeId: '3x2-12x8',
  sizeName: '12x8',
  widthIn: 12,
  heightIn: 8,
  custom: false,
  frameSetId: 'classic',
  frameSetName: 'Classic',
  finishId: 'classic--walnut',
  finishName: 'Walnut',
  mouldingIn: 1,
  frameRatePaisePerSqIn: 450,
  borderId: 'border-2',
  borderName: 'Slim',
  borderIn: 0.5,
  borderPricePaise: 15000,
  fspPaise: 43200,
  wbpPaise: 15000,
  unitPaise: 58200,
  checkoutPaise: 174600,
  imageType: 'Landscape',
};
const ADDRESS = {
  fullName: 'Asha Rao',
  phone: '+919876543210',
  altPhone: '',
  email: 'asha@example.in',
  addressLine1: '12, MG Road',
  addressLine2: '',
  city: 'Bangalore',
  state: 'Karnataka',
  country: 'IN',
  postalCode: '560001',
  companyName: '',
};

describe('the migration to one lines array', () => {
  it('moves an older single-photo order into lines, leaves a cart order as it was, and refuses an order without a line', async () => {
    const sql = database.pool;
    await migrate(database.db, { migrationsFolder: olderFolder });
    await sql.query(
      `INSERT INTO users (id, email, first_name, last_name, mobile, password_hash) VALUES ('u1', 'asha@example.in', 'Asha', 'Rao', '+919876543210', 'x')`,
    );
    await sql.query(
      `INSERT INTO uploads (id, owner_user_id, original_key, format, original_width, original_height, width, height, dpi_x, dpi_y,
                            image_type, bytes, expires_at)
       VALUES ('up1', 'u1', 'uploads/up1/original.jpg', 'jpeg', 900, 720, 900, 720, 72, 72, 'Landscape', 1000, now() + interval '90 days')`,
    );
    const insertOrder = `INSERT INTO orders (id, user_id, provider, provider_order_id, amount_paise, quantity, upload_id, line, lines, address)
       VALUES ($1, 'u1', 'sandbox', $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb)`;
    await sql.query(insertOrder, ['FW-2611-OLD001', 'order_old1', 174600, 3, 'up1', LINE, null, ADDRESS]);
    // Placed for a photo whose row was removed since: its photo is unknown, its line is kept.
    await sql.query(insertOrder, ['FW-2611-OLD002', 'order_old2', 58200, 1, null, LINE, null, ADDRESS]);
    const cartLines = [
      { cartLineId: 'cl1', uploadId: 'up1', quantity: 2, line: LINE },
      { cartLineId: 'cl2', uploadId: 'up1', quantity: 1, line: { ...LINE, sizeName: '11x14', widthIn: 11, heightIn: 14, custom: true } },
    ];
    await sql.query(insertOrder, ['FW-2611-CART01', 'order_cart1', 232800, 3, 'up1', LINE, JSON.stringify(cartLines), ADDRESS]);

    await migrate(database.db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await sql.query<{ id: string; lines: unknown }>('SELECT id, lines FROM orders ORDER BY id');
    expect(rows).toEqual([
      { id: 'FW-2611-CART01', lines: cartLines },
      { id: 'FW-2611-OLD001', lines: [{ cartLineId: null, uploadId: 'up1', quantity: 3, line: LINE }] },
      { id: 'FW-2611-OLD002', lines: [{ cartLineId: null, uploadId: null, quantity: 1, line: LINE }] },
    ]);
    const { rows: columns } = await sql.query<{ column_name: string; is_nullable: string }>(
      `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 'orders' AND column_name IN ('line', 'lines', 'upload_id', 'quantity')`,
    );
    expect(columns).toEqual([{ column_name: 'lines', is_nullable: 'NO' }]);

    // The customer's read of the moved order: the same line, quantity and photo as before.
    const ctx = { config: testConfig(), database } as unknown as AppContext;
    const order = await getOrder(ctx, 'u1', 'FW-2611-OLD001');
    expect(order).toMatchObject({ quantity: 3, sizeName: '12x8', frameName: 'Walnut (Classic)' });
    expect(order.line).toMatchObject({ sizeName: '12x8', checkoutPaise: LINE.checkoutPaise, finishNameHi: null });
    expect(order.lines).toEqual([expect.objectContaining({ quantity: 3, widthIn: 12, heightIn: 8, thumbnailUrl: null })]);
    expect((await getOrder(ctx, 'u1', 'FW-2611-CART01')).lines.map((l) => [l.quantity, l.sizeName])).toEqual([
      [2, '12x8'],
      [1, '11x14'],
    ]);

    const insertNew = `INSERT INTO orders (id, user_id, provider, provider_order_id, amount_paise, lines, address)
       VALUES ($1, 'u1', 'sandbox', $2, 100, $3::jsonb, $4::jsonb)`;
    await expect(sql.query(insertNew, ['FW-2611-EMPTY1', 'order_e1', '[]', ADDRESS])).rejects.toThrow(/orders_lines_not_empty/);
    await expect(sql.query(insertNew, ['FW-2611-EMPTY2', 'order_e2', null, ADDRESS])).rejects.toThrow(/null value/);
  });
});
