import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { uploads } from './uploads';
import { users } from './users';

/**
 * A signed-in customer's cart (docs/decisions/067-server-cart.md). The row exists once the first line is added;
 * writers lock it (an upsert on `user_id`) so that concurrent adds cannot pass the line limit together.
 */
export const carts = pgTable('carts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The coupon code the customer applied (upper case); checked again on every read and at create-order. */
  couponCode: text('coupon_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One framed photo in a cart: the customer's choices only (ids and inches, as create-order takes them). Prices are
 * never stored: every read prices the line from the catalogue, so a retired finish or an expired photo shows at once.
 * `client_line_id` is the browser's id for a line added before sign-in: adding it again (a merge retried) changes nothing.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    clientLineId: text('client_line_id'),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** A preset size id as the editor names it (with its portrait suffix), or null for a custom size. */
    sizeId: text('size_id'),
    customWidth: doublePrecision('custom_width'),
    customHeight: doublePrecision('custom_height'),
    finishId: text('finish_id').notNull(),
    borderIn: doublePrecision('border_in').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cart_lines_user_created').on(t.userId, t.createdAt),
    uniqueIndex('cart_lines_user_client_line').on(t.userId, t.clientLineId),
  ],
);

export type CartLineRow = typeof cartLines.$inferSelect;
