import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The owner's shipping settings: one row (id 'shipping'), written by the console. Until the owner first saves, there
 * is no row and the domain's defaults apply (services/shipping.ts).
 */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: text('id').primaryKey().default('shipping'),
    metroPaise: integer('metro_paise').notNull(),
    elsewherePaise: integer('elsewhere_paise').notNull(),
    freeFromPaise: integer('free_from_paise').notNull(),
    oversizePaise: integer('oversize_paise').notNull(),
    oversizeAboveInches: doublePrecision('oversize_above_inches').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_settings_one_row', sql`${t.id} = 'shipping'`),
    check(
      'shipping_settings_amounts',
      sql`${t.metroPaise} >= 0 AND ${t.elsewherePaise} >= 0 AND ${t.freeFromPaise} >= 0 AND ${t.oversizePaise} >= 0 AND ${t.oversizeAboveInches} > 0`,
    ),
  ],
);
