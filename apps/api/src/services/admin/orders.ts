import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_TO_MAKE,
  ORDER_STATUSES,
  ORDERS_TO_MAKE,
  ShopError,
  transitionRefusal,
  type AdminOrder,
  type AdminOrderSummary,
  type OrderStatus,
  type PrintFileInfo,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { orders, orderStatusHistory, payments, printFiles, users, type OrderRow, type PrintFileRow } from '../../db/schema';
import { firstLineOf, frameNameOf, lineUploadsOf, orderLinesOut, piecesOf } from '../orders/line-output';
import { moveRecipient, moveTransaction, prepareStatusEmails, queueStatusEmail } from '../orders/notifications';
import { proofOf } from '../orders/proof-read';
import { changeStatus } from '../orders/settle';
import { assertTransition } from '../orders/transitions';
import { orderInvoiceOf } from '../invoices';
import { postOfficesFor } from '../pincode';

/** Orders in the owner's console (docs/admin-api.md, docs/decisions/022-owners-console.md). */

/** `?line=N` (1-based) after a line's URL; the first line's URL has none. */
const lineQuery = (lineIndex: number) => (lineIndex === 0 ? '' : `?line=${lineIndex + 1}`);
export const mockupUrl = (orderId: string, lineIndex = 0) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/mockup${lineQuery(lineIndex)}`;
export const printFileUrl = (orderId: string, lineIndex = 0) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/print-file${lineQuery(lineIndex)}`;

/** The moves an admin may make now, straight from the domain's state machine. */
export function nextStatusesFor(order: Pick<OrderRow, 'status' | 'paidAt'>, now = new Date()): OrderStatus[] {
  return ORDER_STATUSES.filter(
    (to) => transitionRefusal(order.status as OrderStatus, to, { actor: 'admin', now, paidAt: order.paidAt }) === null,
  );
}

/** PrintFileInfo from its row; the download link only when the file is ready. */
export function printFileInfo(row: PrintFileRow): PrintFileInfo {
  const region =
    row.regionLeft !== null && row.regionTop !== null && row.regionWidth !== null && row.regionHeight !== null
      ? { left: row.regionLeft, top: row.regionTop, width: row.regionWidth, height: row.regionHeight }
      : null;
  const status = (['queued', 'rendering', 'ready', 'failed'] as const).find((s) => s === row.status) ?? 'queued';
  return {
    status,
    format: row.format,
    widthPx: row.widthPx,
    heightPx: row.heightPx,
    ppi: row.ppi,
    borderPx: row.borderPx,
    bytes: row.bytes,
    downloadUrl: status === 'ready' && row.storageKey ? printFileUrl(row.orderId, row.lineIndex) : null,
    source: { uploadId: row.sourceUploadId, width: row.sourceWidth, height: row.sourceHeight, region, profile: row.sourceProfile },
    error: row.error,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function paymentFlagOf(order: Pick<OrderRow, 'paymentFlag' | 'paymentFlagNote'>): AdminOrderSummary['paymentFlag'] {
  const code = order.paymentFlag;
  if (code !== 'paid_after_cancel' && code !== 'amount_mismatch') return null;
  return { code, note: order.paymentFlagNote ?? '' };
}

/** `%text%` for LIKE with the user's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function digitsPattern(column: SQL, digits: string): SQL {
  return sql`regexp_replace(${column}, '[^0-9]', '', 'g') LIKE ${`%${digits}%`}`;
}

/** Search by order number, e-mail (account or delivery) or phone (account, delivery or alternative; digits only). */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const like = containsPattern(text);
  const conditions: SQL[] = [
    ilike(orders.id, like),
    ilike(users.email, like),
    sql`${orders.address}->>'email' ILIKE ${like}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${like}`,
    sql`${orders.address}->>'fullName' ILIKE ${like}`,
  ];
  // Phones are stored as +919876543210: compare digits, ignoring a trunk 0 the owner may type.
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length >= 4 && /^[\d\s()+-]+$/.test(text)) {
    conditions.push(
      digitsPattern(sql`${users.mobile}`, digits),
      digitsPattern(sql`${orders.address}->>'phone'`, digits),
      digitsPattern(sql`${orders.address}->>'altPhone'`, digits),
    );
  }
  return or(...conditions);
}

export interface ListQuery {
  /** One status, or the orders to make (paid or in production); none: every status. */
  status?: OrderStatus | typeof ADMIN_TO_MAKE | undefined;
  q?: string | undefined;
  flagged?: boolean | undefined;
  page: number;
  pageSize: number;
}

export async function listAdminOrders(
  ctx: AppContext,
  query: ListQuery,
): Promise<{ orders: AdminOrderSummary[]; total: number; page: number; pageSize: number }> {
  const { db } = ctx.database;
  const where = and(
    query.status === ADMIN_TO_MAKE
      ? inArray(orders.status, [...ORDERS_TO_MAKE])
      : query.status
        ? eq(orders.status, query.status)
        : undefined,
    query.q ? searchCondition(query.q) : undefined,
    query.flagged ? isNotNull(orders.paymentFlag) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        order: orders,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        mobile: users.mobile,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const photos = await lineUploadsOf(
    ctx,
    rows.map((r) => r.order),
  );
  return {
    orders: rows.map((r) => {
      const lines = orderLinesOut(ctx, r.order, photos);
      const first = firstLineOf(r.order).line;
      return {
        id: r.order.id,
        status: r.order.status as OrderStatus,
        createdAt: r.order.createdAt.toISOString(),
        statusChangedAt: r.order.statusChangedAt.toISOString(),
        amountPaise: r.order.amountPaise,
        quantity: piecesOf(r.order),
        customer: { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, phone: r.mobile || r.order.address.phone },
        sizeName: first.sizeName,
        finishName: frameNameOf(first),
        thumbnailUrl: lines[0]!.thumbnailUrl,
        paymentFlag: paymentFlagOf(r.order),
        lines: lines.map(({ quantity, line, thumbnailUrl }) => ({
          quantity,
          sizeName: line.sizeName,
          widthIn: line.widthIn,
          heightIn: line.heightIn,
          finishName: frameNameOf(line),
          borderIn: line.borderIn,
          thumbnailUrl,
        })),
        holdEndsAt: r.order.holdEndsAt?.toISOString() ?? null,
      };
    }),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const ORDER_NOT_FOUND = 'There is no order with this number.';

export async function getAdminOrder(ctx: AppContext, orderId: string): Promise<AdminOrder> {
  const { db } = ctx.database;
  const [found] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) throw new ShopError('NOT_FOUND', ORDER_NOT_FOUND);
  const { order, user } = found;
  const [history, paid, printFileRows, photos, invoice] = await Promise.all([
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(printFiles).where(eq(printFiles.orderId, order.id)).orderBy(asc(printFiles.lineIndex)),
    lineUploadsOf(ctx, [order]),
    orderInvoiceOf(ctx.database, order.id),
  ]);
  // Every line with its own photo, mock-up and print file; the top-level fields that name one are the first line's.
  const lines = orderLinesOut(ctx, order, photos).map(({ index, uploadId, quantity, line, photo }) => {
    const file = printFileRows.find((f) => f.lineIndex === index);
    return { uploadId, quantity, line, printFile: file ? printFileInfo(file) : null, photo, mockupUrl: mockupUrl(order.id, index) };
  });
  const first = lines[0]!;
  return {
    id: order.id,
    status: order.status as OrderStatus,
    createdAt: order.createdAt.toISOString(),
    statusChangedAt: order.statusChangedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    amountPaise: order.amountPaise,
    shippingPaise: order.shippingPaise,
    discountPaise: order.discountPaise,
    couponCode: order.couponCode,
    invoice,
    currency: order.currency,
    quantity: piecesOf(order),
    customer: { userId: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.mobile },
    address: { ...order.address, gstin: order.address.gstin ?? '' },
    pincodeInDirectory: (await postOfficesFor(order.address.postalCode)) !== undefined,
    line: first.line,
    photo: first.photo,
    payment: {
      mode: order.paymentMode === 'on_approval' ? 'on_approval' : 'now',
      providerOrderId: order.providerOrderId,
      paymentId: order.paymentId,
      payments: paid.map((p) => ({
        providerPaymentId: p.providerPaymentId,
        amountPaise: p.amountPaise,
        currency: p.currency,
        source: p.source,
        createdAt: p.createdAt.toISOString(),
        refund:
          p.refundStatus === 'pending' || p.refundStatus === 'requesting' || p.refundStatus === 'refunded'
            ? { status: p.refundStatus, reason: p.refundReason, refundId: p.refundId, refundedAt: p.refundedAt?.toISOString() ?? null }
            : null,
      })),
    },
    paymentFlag: paymentFlagOf(order),
    failure: order.failureCode || order.failureReason ? { code: order.failureCode, reason: order.failureReason } : null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    history: history.map((h) => ({
      from: (h.fromStatus as OrderStatus | null) ?? null,
      to: h.toStatus as OrderStatus,
      actor: h.actor,
      note: h.note,
      at: h.at.toISOString(),
    })),
    nextStatuses: nextStatusesFor(order),
    holdEndsAt: order.holdEndsAt?.toISOString() ?? null,
    proof: await proofOf(ctx, order, mockupUrl),
    mockupUrl: first.mockupUrl,
    printFile: first.printFile,
    lines,
  };
}

export interface StatusMove {
  status: OrderStatus;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  note?: string | undefined;
}

/**
 * Moves an order as the admin: the row is locked, the domain's state machine decides (409 ORDER_TRANSITION_REFUSED
 * with its reason code), shipping needs a carrier and a tracking number (422), and the customer's e-mail for shipped or
 * delivered is stored in the same transaction (services/orders/notifications.ts).
 */
export async function moveOrder(ctx: AppContext, orderId: string, move: StatusMove): Promise<void> {
  const mail = await prepareStatusEmails(ctx);
  const carrier = move.carrier?.trim() || undefined;
  const trackingNumber = move.trackingNumber?.trim() || undefined;
  const note = move.note?.trim() || undefined;
  // pg-boss stores the e-mail job on the move's own transaction.
  const queued = await moveTransaction(ctx, async (tx, executor) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (!order) throw new ShopError('NOT_FOUND', ORDER_NOT_FOUND);
    const from = order.status as OrderStatus;
    const to = move.status;
    assertTransition(from, to, { actor: 'admin', now: new Date(), paidAt: order.paidAt });
    let extra: Partial<OrderRow> = {};
    if (to === 'shipped') {
      if (!carrier || !trackingNumber) {
        throw new ShopError('RULE_BROKEN', 'Shipping needs the carrier and the tracking number.', {
          field: !carrier ? 'carrier' : 'trackingNumber',
        });
      }
      extra = { carrier, trackingNumber };
    } else if (carrier || trackingNumber) {
      throw new ShopError('RULE_BROKEN', 'A carrier and tracking number are only given when the order is shipped.', {
        field: carrier ? 'carrier' : 'trackingNumber',
      });
    }
    const updated = await changeStatus(tx, order, to, 'admin', extra, note);
    const recipient = await moveRecipient(tx, order);
    return recipient ? queueStatusEmail(ctx, executor, { order: updated, ...recipient }) : false;
  });
  if (queued) mail.wake();
}
