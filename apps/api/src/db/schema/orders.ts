import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Everything bought, with its prices, copied at order time: a later catalogue change never touches it. */
export interface OrderLineSnapshot {
  sizeId: string | null;
  sizeName: string;
  widthIn: number;
  heightIn: number;
  custom: boolean;
  frameSetId: string;
  frameSetName: string;
  finishId: string;
  finishName: string;
  mouldingIn: number;
  frameRatePaisePerSqIn: number;
  borderId: string;
  borderName: string;
  borderIn: number;
  borderPricePaise: number;
  /** The set, finish and border names in Hindi at purchase (null: the shop had none); absent on older orders. */
  frameSetNameHi?: string | null;
  finishNameHi?: string | null;
  borderNameHi?: string | null;
  fspPaise: number;
  wbpPaise: number;
  unitPaise: number;
  checkoutPaise: number;
  imageType: string;
}

/**
 * One framed photo of an order: its photo, how many pieces, what it was bought as, and the cart line it came from
 * (removed from the cart once the order is paid; null for a photo bought at once, which never touches the cart).
 * `uploadId` is null only on an order placed before its photo's row was removed.
 */
export interface OrderLine {
  cartLineId: string | null;
  uploadId: string | null;
  quantity: number;
  line: OrderLineSnapshot;
}

/** The delivery address as it was when the order was placed. */
export interface OrderAddressSnapshot {
  fullName: string;
  phone: string;
  altPhone: string;
  email: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  companyName: string;
  /** '' for none (and on orders placed before GSTINs were taken). */
  gstin?: string;
}

/**
 * Orders (docs/decisions/019-orders-and-payments.md). `id` is our order number (FW-YYMM-XXXXXX), also the provider
 * order's receipt. `status` follows packages/domain/src/order-states.ts; every change is a row in order_status_history.
 * An order is a list of lines, always (docs/decisions/090-an-order-is-a-list-of-lines.md).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('created'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** Included in amountPaise; 0 for orders placed before shipping was charged, and when it is free. */
    shippingPaise: integer('shipping_paise').notNull().default(0),
    /** Taken off amountPaise by the coupon `couponCode` (0 and null without one). */
    discountPaise: integer('discount_paise').notNull().default(0),
    couponCode: text('coupon_code'),
    /** The discount also came off shipping (the code said so): the invoice spreads it over the shipping row too. */
    discountCoversShipping: boolean('discount_covers_shipping').notNull().default(false),
    currency: text('currency').notNull().default('INR'),
    /** Every framed photo of the order, in order (a cart's order; one line for a photo bought at once); never empty. */
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    address: jsonb('address').$type<OrderAddressSnapshot>().notNull(),
    /** The captured payment (set with the payments row, in one transaction). */
    paymentId: text('payment_id'),
    /**
     * How the order is paid: 'now', or 'on_approval' (the provider order is manual capture: the payment is only
     * authorized, held, until the customer approves the proof; docs/decisions/120 and 121).
     */
    paymentMode: text('payment_mode').notNull().default('now'),
    /** The authorized (held) payment of a pay-on-approval order, captured on approval; null until authorized. */
    heldPaymentId: text('held_payment_id'),
    /** When the hold ends: the order is released uncaptured then unless its proof was approved. */
    holdEndsAt: timestamp('hold_ends_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    failureCode: text('failure_code'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Last time the customer tried to pay (sandbox or checkout); reconciliation looks at orders still created 15 min later. */
    paymentAttemptedAt: timestamp('payment_attempted_at', { withTimezone: true }),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /**
     * A payment problem the owner must look at (shown in the console): 'paid_after_cancel' (a payment arrived for a
     * cancelled order; it is refunded), 'amount_mismatch' (the provider captured less than the order, or not in INR;
     * the order is not paid), 'duplicate_payment' (a second payment for an order already paid; it is refunded).
     */
    paymentFlag: text('payment_flag'),
    /** The flag's explanation for the owner. */
    paymentFlagNote: text('payment_flag_note'),
    /** When the order entered its current status (the admin list shows how long it has been there). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_provider_order_id').on(t.providerOrderId),
    index('orders_user_created').on(t.userId, t.createdAt.desc()),
    index('orders_created_unsettled')
      .on(t.createdAt)
      .where(sql`${t.status} = 'created'`),
    index('orders_status_created').on(t.status, t.createdAt.desc()),
    index('orders_payment_flagged')
      .on(t.createdAt)
      .where(sql`${t.paymentFlag} IS NOT NULL`),
    check('orders_lines_not_empty', sql`jsonb_array_length(${t.lines}) > 0`),
    check('orders_payment_mode', sql`${t.paymentMode} IN ('now', 'on_approval')`),
    index('orders_hold_ends')
      .on(t.holdEndsAt)
      .where(sql`${t.status} IN ('authorized', 'proof_sent', 'change_requested')`),
  ],
);

/** One line of a proof: the storage key of the framed mock-up drawn when the proof was sent, and the print's verdict. */
export interface ProofLineRecord {
  mockupKey: string;
  quality: { rating: 'excellent' | 'good' | 'low'; ppi: number } | null;
}

/** One line change the customer asked for: a new crop (upload) or another finish of the same price. */
export interface ProofLineChangeRecord {
  index: number;
  uploadId?: string | undefined;
  finishId?: string | undefined;
}

/**
 * Proofs the owner sent of a pay-on-approval order: `round` 1 for the first, one more after each change request.
 * The move to proof_sent is in order_status_history beside it (same transaction, actor 'admin').
 */
export const orderProofs = pgTable(
  'order_proofs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    note: text('note'),
    lines: jsonb('lines').$type<ProofLineRecord[]>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_proofs_order_round').on(t.orderId, t.round)],
);

/** The customer's change requests on a proof (`round`: the proof they answer); the move is in the history too. */
export const orderChangeRequests = pgTable(
  'order_change_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    message: text('message').notNull(),
    lines: jsonb('lines').$type<ProofLineChangeRecord[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_change_requests_order').on(t.orderId, t.at)],
);

/** Every status change with its time and actor ('customer' | 'system' | 'webhook' | 'admin'). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order').on(t.orderId, t.at)],
);

/** Captured payments; one row per provider payment id, however many times it is reported. */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** 'verify' | 'webhook' | 'reconciliation': who reported it first. */
    source: text('source').notNull(),
    currency: text('currency').notNull().default('INR'),
    /**
     * Null: the payment pays its order. 'pending': it must go back to the customer (refund not made yet; retried by
     * the reconciliation job); 'refunded': the provider accepted the refund (`refundId`).
     */
    refundStatus: text('refund_status'),
    refundReason: text('refund_reason'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_refund_pending')
      .on(t.createdAt)
      .where(sql`${t.refundStatus} = 'pending'`),
    uniqueIndex('payments_provider_payment_id').on(t.providerPaymentId),
    index('payments_order').on(t.orderId),
  ],
);

/** Webhook events already handled, by x-razorpay-event-id: a redelivery is dropped. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  providerOrderId: text('provider_order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Idempotency-Key per user: the same key answers with the same order. `body_hash` is a SHA-256 of the request body
 * the key was first used with: the same key with another body is refused (null on keys stored before it was kept).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bodyHash: text('body_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type OrderRow = typeof orders.$inferSelect;
