import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formatInr, ShopError, type OrderInvoice, type OrderStatus } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orderInvoiceOf, orderInvoicesOf } from '../invoices';
import { mediaUrl } from '../media-access';
import { orders, orderStatusHistory, uploads, type OrderLineSnapshot, type OrderRow } from '../../db/schema';

/** A snapshot as the contract sends it: an order placed before the shop kept Hindi names has them null. */
export function lineSnapshotOut(
  line: OrderLineSnapshot,
): OrderLineSnapshot & Record<'frameSetNameHi' | 'finishNameHi' | 'borderNameHi', string | null> {
  return {
    ...line,
    frameSetNameHi: line.frameSetNameHi ?? null,
    finishNameHi: line.finishNameHi ?? null,
    borderNameHi: line.borderNameHi ?? null,
  };
}

/**
 * 'वॉलनट (क्लासिक)': the order's frame as `frameName` writes it, in Hindi where the order recorded Hindi names (a name
 * without one stays English); null when it recorded none.
 */
export function frameNameHiOf(line: OrderLineSnapshot): string | null {
  if (!line.finishNameHi && !line.frameSetNameHi) return null;
  return `${line.finishNameHi || line.finishName} (${line.frameSetNameHi || line.frameSetName})`;
}

function summary(ctx: AppContext, row: OrderRow, thumbnailKey: string | null, invoice: OrderInvoice | null) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status as OrderStatus,
    totalPaise: row.amountPaise,
    shippingPaise: row.shippingPaise,
    discountPaise: row.discountPaise,
    quantity: row.quantity,
    frameName: `${row.line.finishName} (${row.line.frameSetName})`,
    frameNameHi: frameNameHiOf(row.line),
    sizeName: row.line.sizeName,
    thumbnailUrl: thumbnailKey ? mediaUrl(ctx, thumbnailKey) : null,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    invoice,
  };
}

async function thumbnails(ctx: AppContext, rows: Pick<OrderRow, 'uploadId'>[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(rows.map((r) => r.uploadId).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const found = await ctx.database.db
    .select({ id: uploads.id, key: uploads.thumbnailKey, deletedAt: uploads.deletedAt })
    .from(uploads)
    .where(inArray(uploads.id, ids));
  return new Map(found.map((u) => [u.id, u.deletedAt ? null : u.key]));
}

/** GET /api/orders: the customer's orders, newest first. */
export async function listOrders(ctx: AppContext, userId: string) {
  const rows = await ctx.database.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(200);
  const [thumbs, invoiceOf] = await Promise.all([
    thumbnails(ctx, rows),
    orderInvoicesOf(
      ctx.database,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => summary(ctx, row, row.uploadId ? (thumbs.get(row.uploadId) ?? null) : null, invoiceOf.get(row.id) ?? null));
}

/** GET /api/orders/:id: one of the customer's orders with its snapshot, payment and history; another's is 404. */
export async function getOrder(ctx: AppContext, userId: string, orderNumber: string) {
  const { db } = ctx.database;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw new ShopError('NOT_FOUND', 'We could not find this order in your account.');
  const [thumbs, history, invoice] = await Promise.all([
    thumbnails(ctx, [row, ...(row.lines ?? [])]),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
    orderInvoiceOf(ctx.database, row.id),
  ]);
  const { line } = row;
  const shown = (l: OrderLineSnapshot) => ({
    sizeName: l.sizeName,
    widthIn: l.widthIn,
    heightIn: l.heightIn,
    frameSetName: l.frameSetName,
    finishName: l.finishName,
    mouldingIn: l.mouldingIn,
    borderName: l.borderName,
    borderIn: l.borderIn,
    frameSetNameHi: l.frameSetNameHi ?? null,
    finishNameHi: l.finishNameHi ?? null,
    borderNameHi: l.borderNameHi ?? null,
    fspPaise: l.fspPaise,
    wbpPaise: l.wbpPaise,
    unitPaise: l.unitPaise,
    checkoutPaise: l.checkoutPaise,
  });
  const thumbOf = (uploadId: string | null) => (uploadId ? (thumbs.get(uploadId) ?? null) : null);
  return {
    ...summary(ctx, row, row.uploadId ? (thumbs.get(row.uploadId) ?? null) : null, invoice),
    payment: {
      providerOrderId: row.providerOrderId,
      paymentId: row.paymentId,
      failureReason: row.failureReason,
      failureCode: row.failureCode,
    },
    line: shown(line),
    // Every framed photo: the one line of a single-photo order, or each line of an order made from a cart.
    lines: (row.lines ?? [{ uploadId: row.uploadId, quantity: row.quantity, line }]).map((l) => {
      const key = thumbOf(l.uploadId);
      return { ...shown(l.line), quantity: l.quantity, thumbnailUrl: key ? mediaUrl(ctx, key) : null };
    }),
    address: { ...row.address, gstin: row.address.gstin ?? '' },
    coupon: row.couponCode ? { code: row.couponCode, summary: `${formatInr(row.discountPaise)} off` } : null,
    history: history.map((h) => ({ status: h.toStatus as OrderStatus, at: h.at.toISOString(), actor: h.actor })),
  };
}
