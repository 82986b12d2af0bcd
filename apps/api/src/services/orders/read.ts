import { and, asc, desc, eq } from 'drizzle-orm';
import {
  arrivesBy,
  customerCancellableUntil,
  formatInr,
  ShopError,
  type ArrivesBy,
  type CustomerOrderLine,
  type OrderInvoice,
  type OrderStatus,
  type OrderSummary,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { orderGstOf, orderInvoiceOf, orderInvoicesOf } from '../invoices';
import { shippingZoneFor } from '../shipping';
import { orders, orderStatusHistory, type OrderRow } from '../../db/schema';
import { proofOf } from './proof-read';
import { firstLineOf, frameNameHiOf, frameNameOf, lineUploadsOf, orderLinesOut, piecesOf, type LineOut } from './line-output';

/** What the customer sees of a line: part of its snapshot, its quantity and its photo's thumbnail. */
function customerLine({ line: l, quantity, thumbnailUrl }: LineOut): CustomerOrderLine {
  return {
    sizeName: l.sizeName,
    widthIn: l.widthIn,
    heightIn: l.heightIn,
    frameSetName: l.frameSetName,
    finishName: l.finishName,
    mouldingIn: l.mouldingIn,
    borderName: l.borderName,
    borderIn: l.borderIn,
    frameSetNameHi: l.frameSetNameHi,
    finishNameHi: l.finishNameHi,
    borderNameHi: l.borderNameHi,
    fspPaise: l.fspPaise,
    wbpPaise: l.wbpPaise,
    unitPaise: l.unitPaise,
    checkoutPaise: l.checkoutPaise,
    quantity,
    thumbnailUrl,
  };
}

function summary(row: OrderRow, lines: LineOut[], invoice: OrderInvoice | null): OrderSummary {
  const first = firstLineOf(row).line;
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status as OrderStatus,
    totalPaise: row.amountPaise,
    shippingPaise: row.shippingPaise,
    discountPaise: row.discountPaise,
    quantity: piecesOf(row),
    frameName: frameNameOf(first),
    frameNameHi: frameNameHiOf(first),
    sizeName: first.sizeName,
    thumbnailUrl: lines[0]!.thumbnailUrl,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    invoice,
    lines: lines.map(customerLine),
  };
}

/** GET /api/orders: the customer's orders, newest first. */
export async function listOrders(ctx: AppContext, userId: string) {
  const rows = await ctx.database.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(200);
  const [photos, invoiceOf] = await Promise.all([
    lineUploadsOf(ctx, rows),
    orderInvoicesOf(
      ctx.database,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => summary(row, orderLinesOut(ctx, row, photos), invoiceOf.get(row.id) ?? null));
}

/** The statuses of an order on its way to the customer: paid and not yet delivered. */
const ON_ITS_WAY: ReadonlySet<string> = new Set<OrderStatus>(['paid', 'in_production', 'shipped']);

/**
 * When a paid order should arrive: the shipping policy's window for its pincode's zone (a pincode the directory lacks
 * is in the rest of India, as it was charged), counted from the payment. Null before payment and once it is over.
 */
export async function arrivesByOf(row: Pick<OrderRow, 'status' | 'paidAt' | 'address'>): Promise<ArrivesBy | null> {
  if (!ON_ITS_WAY.has(row.status) || !row.paidAt) return null;
  const zone = (await shippingZoneFor(row.address.postalCode)) ?? 'elsewhere';
  return arrivesBy(zone, row.paidAt);
}

/** GET /api/orders/:id: one of the customer's orders with its lines, payment and history; another's is 404. */
export async function getOrder(ctx: AppContext, userId: string, orderNumber: string) {
  const { db } = ctx.database;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
  const [photos, history, invoice, window, gstPaise, proof] = await Promise.all([
    lineUploadsOf(ctx, [row]),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
    orderInvoiceOf(ctx.database, row.id),
    arrivesByOf(row),
    orderGstOf(ctx, row),
    proofOf(ctx, row),
  ]);
  const lines = orderLinesOut(ctx, row, photos);
  // The customer may cancel a paid order herself until 24 hours after payment, while it is not yet in production.
  const until = customerCancellableUntil({ status: row.status as OrderStatus, paidAt: row.paidAt });
  const { quantity: _quantity, thumbnailUrl: _thumbnailUrl, ...first } = customerLine(lines[0]!);
  return {
    ...summary(row, lines, invoice),
    payment: {
      mode: row.paymentMode === 'on_approval' ? ('on_approval' as const) : ('now' as const),
      providerOrderId: row.providerOrderId,
      paymentId: row.paymentId,
      failureReason: row.failureReason,
      failureCode: row.failureCode,
    },
    line: first,
    address: { ...row.address, gstin: row.address.gstin ?? '' },
    coupon: row.couponCode ? { code: row.couponCode, summary: `${formatInr(row.discountPaise)} off` } : null,
    history: history.map((h) => ({ status: h.toStatus as OrderStatus, at: h.at.toISOString(), actor: h.actor })),
    cancellableUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
    arrivesBy: window,
    gstPaise,
    holdEndsAt: row.holdEndsAt?.toISOString() ?? null,
    proof,
  };
}
