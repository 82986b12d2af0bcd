import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TaxBreakdown } from '@framewala/domain';
import { orders } from './orders';
import { users } from './users';

/**
 * The owner's coupon codes (stored upper case; compared so). `used_count` counts paid orders, raised in the
 * transaction that makes an order paid while this row is locked, so the limit holds under concurrency.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    /** 'percent' | 'flat'. */
    kind: text('kind').notNull(),
    /** Percent (1–100) or paise. */
    value: integer('value').notNull(),
    minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
    /** India calendar days 'YYYY-MM-DD', both included; null for open-ended. */
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    totalUses: integer('total_uses'),
    perCustomer: integer('per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    discountsShipping: boolean('discounts_shipping').notNull().default(false),
    note: text('note').notNull().default(''),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code').on(t.code),
    check('coupons_kind', sql`${t.kind} IN ('percent', 'flat')`),
    check('coupons_value', sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`),
  ],
);

/**
 * One use of a code by one order: 'held' from create-order (counted against the limits until `held_until`, so a
 * code with one use left is not sold twice), 'used' once the order is paid, 'released' when the order did not pay.
 * `order_id` is the order number, written just before the order row (so no foreign key).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('held'),
    discountPaise: integer('discount_paise').notNull(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    /** The address create-order was asked from (request.ip): live holds of a limited code are counted per address. */
    clientAddress: text('client_address'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order').on(t.orderId),
    index('coupon_redemptions_coupon_user').on(t.couponId, t.userId),
    check('coupon_redemptions_status', sql`${t.status} IN ('held', 'used', 'released')`),
  ],
);

/** The owner's tax settings (console): one row, id 'tax'; until saved, the configuration's apply. */
export const taxSettings = pgTable(
  'tax_settings',
  {
    id: text('id').primaryKey().default('tax'),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    gstin: text('gstin').notNull(),
    hsn: text('hsn').notNull(),
    rateBp: integer('rate_bp').notNull(),
    invoicePrefix: text('invoice_prefix').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_settings_one_row', sql`${t.id} = 'tax'`)],
);

/**
 * The last number used in each series ('INV/2026-27', 'CN/2026-27'). Taken with an upsert inside the transaction
 * that issues the document: the row stays locked until it commits, and a rollback gives the number back, so the
 * numbers of a year have no gaps.
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/** What a tax invoice says, fixed when it is issued (a later change of settings or address never alters it). */
export interface InvoiceData extends TaxBreakdown {
  seller: { legalName: string; address: string; state: string; stateCode: string; gstin: string };
  buyer: {
    name: string;
    companyName: string;
    gstin: string;
    address: string;
    state: string;
    stateCode: string;
    phone: string;
    email: string;
  };
  placeOfSupply: string;
  couponCode: string | null;
}

/** One tax invoice per paid order, numbered in the financial year of its payment. */
export const invoices = pgTable(
  'invoices',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<InvoiceData>().notNull(),
  },
  (t) => [uniqueIndex('invoices_number').on(t.number)],
);

/** A credit note for an invoiced order cancelled (and refunded) after payment: the whole amount, referencing the invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('credit_notes_number').on(t.number)],
);

export type CouponRow = typeof coupons.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
