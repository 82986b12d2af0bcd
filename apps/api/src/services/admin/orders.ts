import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  ORDER_STATUSES,
  ShopError,
  transitionRefusal,
  type AdminOrder,
  type AdminOrderSummary,
  type OrderStatus,
  type PrintFileInfo,
} from '@framewala/domain';
import type { AppContext } from '../../context';
import { mediaUrl } from '../media-access';
import * as schema from '../../db/schema';
import { orders, orderStatusHistory, payments, printFiles, uploads, users, type OrderRow, type PrintFileRow } from '../../db/schema';
import { prepareStatusEmails, queueStatusEmail } from '../orders/notifications';
import { changeStatus } from '../orders/settle';
import { orderInvoiceOf } from '../invoices';
import { printLinesOf } from '../print/service';
import { lineSnapshotOut } from '../orders/read';

/** Orders in the owner's console (docs/admin-api.md, docs/decisions/022-owners-console.md). */

export const mockupUrl = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/mockup`;
export const printFileUrl = (orderId: string, lineIndex = 0) =>
  `/api/admin/orders/${encodeURIComponent(orderId)}/print-file${lineIndex === 0 ? '' : `?line=${lineIndex + 1}`}`;

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
  status?: OrderStatus | undefined;
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
    query.status ? eq(orders.status, query.status) : undefined,
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
        thumbnailKey: uploads.thumbnailKey,
        uploadDeletedAt: uploads.deletedAt,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(uploads, eq(uploads.id, orders.uploadId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return {
    orders: rows.map((r) => ({
      id: r.order.id,
      status: r.order.status as OrderStatus,
      createdAt: r.order.createdAt.toISOString(),
      statusChangedAt: r.order.statusChangedAt.toISOString(),
      amountPaise: r.order.amountPaise,
      quantity: r.order.quantity,
      customer: { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, phone: r.mobile || r.order.address.phone },
      sizeName: r.order.line.sizeName,
      finishName: `${r.order.line.finishName} (${r.order.line.frameSetName})`,
      thumbnailUrl: r.thumbnailKey && !r.uploadDeletedAt ? mediaUrl(ctx, r.thumbnailKey) : null,
      paymentFlag: paymentFlagOf(r.order),
    })),
    total: counted?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const ORDER_NOT_FOUND = 'There is no order with this number.';

export async function getAdminOrder(ctx: AppContext, orderId: string): Promise<AdminOrder> {
  const { db } = ctx.database;
  const [found] = await db
    .select({ order: orders, user: users, upload: uploads })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(uploads, eq(uploads.id, orders.uploadId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) throw new ShopError('NOT_FOUND', ORDER_NOT_FOUND);
  const { order, user, upload } = found;
  const [history, paid, printFileRows] = await Promise.all([
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(printFiles).where(eq(printFiles.orderId, order.id)).orderBy(asc(printFiles.lineIndex)),
  ]);
  const printFile = printFileRows.find((f) => f.lineIndex === 0);
  const photoAlive = upload && !upload.deletedAt;
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
    invoice: await orderInvoiceOf(ctx.database, order.id),
    currency: order.currency,
    quantity: order.quantity,
    customer: { userId: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.mobile },
    address: { ...order.address, gstin: order.address.gstin ?? '' },
    line: lineSnapshotOut(order.line),
    photo: photoAlive
      ? {
          uploadId: upload.id,
          thumbnailUrl: upload.thumbnailKey ? mediaUrl(ctx, upload.thumbnailKey) : null,
          url: upload.renditionKey ? mediaUrl(ctx, upload.renditionKey) : null,
          width: upload.width,
          height: upload.height,
          crop:
            upload.parentId && upload.cropX !== null && upload.cropY !== null && upload.cropWidth !== null && upload.cropHeight !== null
              ? { x: upload.cropX, y: upload.cropY, width: upload.cropWidth, height: upload.cropHeight }
              : null,
          originalWidth: upload.originalWidth,
          originalHeight: upload.originalHeight,
        }
      : null,
    payment: {
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
    mockupUrl: mockupUrl(order.id),
    printFile: printFile ? printFileInfo(printFile) : null,
    // Every line with its own print file: one for a single-photo order, one per framed photo of a cart order.
    lines: printLinesOf(order).map(({ uploadId, line }, lineIndex) => {
      const file = printFileRows.find((f) => f.lineIndex === lineIndex);
      return {
        uploadId,
        quantity: order.lines?.[lineIndex]?.quantity ?? order.quantity,
        line: lineSnapshotOut(line),
        printFile: file ? printFileInfo(file) : null,
      };
    }),
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
 * with its reason), shipping needs a carrier and a tracking number (422), and the customer's e-mail for shipped or
 * delivered is stored in the same transaction (services/orders/notifications.ts).
 */
export async function moveOrder(ctx: AppContext, orderId: string, move: StatusMove): Promise<void> {
  const mail = await prepareStatusEmails(ctx);
  const carrier = move.carrier?.trim() || undefined;
  const trackingNumber = move.trackingNumber?.trim() || undefined;
  const note = move.note?.trim() || undefined;
  // A connection of our own, so pg-boss can store the e-mail job on the same transaction.
  const client = await ctx.database.pool.connect();
  let broken: Error | undefined;
  try {
    const db = drizzle(client, { schema });
    const queued = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
      if (!order) throw new ShopError('NOT_FOUND', ORDER_NOT_FOUND);
      const from = order.status as OrderStatus;
      const to = move.status;
      const refusal = transitionRefusal(from, to, { actor: 'admin', now: new Date(), paidAt: order.paidAt });
      if (refusal) throw new ShopError('ORDER_TRANSITION_REFUSED', refusal, { from, to });
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
      const [[history], [user]] = await Promise.all([
        tx
          .select({ id: orderStatusHistory.id })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, order.id))
          .orderBy(desc(orderStatusHistory.id))
          .limit(1),
        tx
          .select({ email: users.email, firstName: users.firstName, locale: users.locale })
          .from(users)
          .where(eq(users.id, order.userId))
          .limit(1),
      ]);
      if (!history || !user) return false;
      return queueStatusEmail(
        ctx,
        { executeSql: (text, values) => client.query(text, values) },
        {
          order: updated,
          historyId: history.id,
          to: user.email,
          firstName: user.firstName,
          locale: user.locale,
        },
      );
    });
    if (queued) mail.wake();
  } catch (error) {
    // A refusal rolled back cleanly; anything else may have left the connection unusable: drop it from the pool.
    if (!(error instanceof ShopError)) broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}
