import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  financialYear,
  GST_STATE_CODES,
  gstOf,
  invoiceNumber,
  orderTaxItems,
  ShopError,
  taxBreakdown,
  type IndianState,
  type OrderInvoice,
  type TaxSettings,
} from '@framewala/domain';
import type { AppContext } from '../context';
import type { Database, Tx } from '../db/client';
import {
  creditNotes,
  documentCounters,
  invoices,
  orders,
  taxSettings,
  type InvoiceData,
  type InvoiceRow,
  type OrderLineSnapshot,
  type OrderRow,
} from '../db/schema';

/** The seller's tax details: the owner's saved settings, else the configuration's. */
export async function taxSettingsOf(db: Database['db'] | Tx, defaults: TaxSettings): Promise<{ settings: TaxSettings; saved: boolean }> {
  const [row] = await db.select().from(taxSettings).limit(1);
  if (!row) return { settings: defaults, saved: false };
  return {
    settings: {
      legalName: row.legalName,
      address: row.address,
      state: row.state as IndianState,
      gstin: row.gstin,
      hsn: row.hsn,
      rateBp: row.rateBp,
      invoicePrefix: row.invoicePrefix,
    },
    saved: true,
  };
}

/** PUT /api/admin/tax-settings: applies to invoices issued from now on (issued ones keep what they say). */
export async function saveTaxSettings(database: Database, settings: TaxSettings): Promise<void> {
  const values = { ...settings, updatedAt: new Date() };
  await database.db
    .insert(taxSettings)
    .values({ id: 'tax', ...values })
    .onConflictDoUpdate({ target: taxSettings.id, set: values });
}

/** The next number of a series, in the caller's transaction (the counter row stays locked until it commits). */
async function nextInSeries(tx: Tx, series: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: documentCounters.series, set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return row!.last;
}

function describeLine(l: OrderLineSnapshot): string {
  const border = l.borderIn > 0 ? `, ${l.borderName}` : '';
  return `Framed print ${l.sizeName}, ${l.finishName} (${l.frameSetName})${border}`;
}

/** What the invoice of this order says, with the seller's settings now: a row per line, then shipping. */
export function invoiceDataFor(order: OrderRow, seller: TaxSettings): InvoiceData {
  const lines = order.lines.map(({ line, quantity }) => ({
    description: describeLine(line),
    hsn: seller.hsn,
    quantity,
    grossPaise: line.checkoutPaise,
  }));
  const items = orderTaxItems(lines, order.shippingPaise, order.discountCoversShipping);
  const a = order.address;
  const buyerState = a.state;
  const intraState = buyerState === seller.state;
  const tax = taxBreakdown(items, order.discountPaise, seller.rateBp, intraState);
  const stateCode = (s: string) => GST_STATE_CODES[s as IndianState] ?? '';
  return {
    seller: {
      legalName: seller.legalName,
      address: seller.address,
      state: seller.state,
      stateCode: stateCode(seller.state),
      gstin: seller.gstin,
    },
    buyer: {
      name: a.fullName,
      companyName: a.companyName,
      gstin: a.gstin ?? '',
      address: [a.addressLine1, a.addressLine2, `${a.city} ${a.postalCode}`].filter(Boolean).join(', '),
      state: buyerState,
      stateCode: stateCode(buyerState),
      phone: a.phone,
      email: a.email,
    },
    placeOfSupply: `${buyerState} (${stateCode(buyerState)})`,
    rateBp: seller.rateBp,
    intraState,
    rows: tax.rows,
    taxablePaise: tax.taxablePaise,
    cgstPaise: tax.cgstPaise,
    sgstPaise: tax.sgstPaise,
    igstPaise: tax.igstPaise,
    discountPaise: tax.discountPaise,
    totalPaise: tax.totalPaise,
    couponCode: order.couponCode,
  };
}

/**
 * Issues the tax invoice of an order that has just become paid, in the paying transaction: the next number of the
 * payment's financial year (gapless: a rollback gives it back) and everything the invoice says, fixed now.
 */
export async function issueInvoice(tx: Tx, order: OrderRow, defaults: TaxSettings): Promise<InvoiceRow> {
  const { settings } = await taxSettingsOf(tx, defaults);
  const issuedAt = order.paidAt ?? new Date();
  const fy = financialYear(issuedAt);
  const sequence = await nextInSeries(tx, `INV/${fy}`);
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      number: invoiceNumber(settings.invoicePrefix, fy, sequence),
      financialYear: fy,
      sequence,
      issuedAt,
      data: invoiceDataFor(order, settings),
    })
    .returning();
  return row!;
}

/**
 * A credit note for the whole invoice of an order cancelled after payment, in the cancelling transaction; numbered
 * in its own series per financial year (`FW/CN/2026-27/000001`). Nothing when the order has no invoice or already
 * has a credit note.
 */
export async function issueCreditNote(tx: Tx, orderId: string, reason: string): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  if (!invoice) return;
  const [existing] = await tx.select({ n: creditNotes.number }).from(creditNotes).where(eq(creditNotes.orderId, orderId)).limit(1);
  if (existing) return;
  const issuedAt = new Date();
  const fy = financialYear(issuedAt);
  const prefix = invoice.number.split('/')[0]!;
  const sequence = await nextInSeries(tx, `CN/${fy}`);
  await tx.insert(creditNotes).values({
    orderId,
    number: invoiceNumber(`${prefix}/CN`, fy, sequence),
    invoiceNumber: invoice.number,
    amountPaise: invoice.data.totalPaise,
    reason,
    issuedAt,
  });
}

/**
 * The GST included in an order's total: what its tax invoice shows once it is issued, and before that what the
 * invoice would show now, at the shop's rate.
 */
export async function orderGstOf(ctx: AppContext, order: OrderRow): Promise<number> {
  const { db } = ctx.database;
  const [issued] = await db.select({ data: invoices.data }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1);
  if (issued) return gstOf(issued.data);
  const { settings } = await taxSettingsOf(db, ctx.config.tax);
  return gstOf(invoiceDataFor(order, settings));
}

/** What an order's page shows of its invoice and credit note; null before payment. */
export async function orderInvoiceOf(database: Database, orderId: string): Promise<OrderInvoice | null> {
  return (await orderInvoicesOf(database, [orderId])).get(orderId) ?? null;
}

/** The invoices of several orders at once (the customer's order list), by order number; unpaid orders are absent. */
export async function orderInvoicesOf(database: Database, orderIds: readonly string[]): Promise<Map<string, OrderInvoice>> {
  if (orderIds.length === 0) return new Map();
  const rows = await database.db
    .select({
      orderId: invoices.orderId,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      cnNumber: creditNotes.number,
      cnAt: creditNotes.issuedAt,
      cnAmount: creditNotes.amountPaise,
    })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.orderId, invoices.orderId))
    .where(inArray(invoices.orderId, [...orderIds]));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        number: row.number,
        issuedAt: row.issuedAt.toISOString(),
        url: `/api/orders/${encodeURIComponent(row.orderId)}/invoice.pdf`,
        creditNote:
          row.cnNumber && row.cnAt ? { number: row.cnNumber, issuedAt: row.cnAt.toISOString(), amountPaise: row.cnAmount ?? 0 } : null,
      },
    ]),
  );
}

export interface InvoiceDocument {
  orderId: string;
  number: string;
  issuedAt: Date;
  data: InvoiceData;
  creditNote: { number: string; issuedAt: Date; amountPaise: number; reason: string } | null;
}

/**
 * The invoice of an order for its buyer (`userId`) or for the owner (`userId` null). Another customer's order, an
 * unknown one and an unpaid one are all 404, alike.
 */
export async function readInvoice(ctx: AppContext, orderId: string, userId: string | null): Promise<InvoiceDocument> {
  const where = userId === null ? eq(invoices.orderId, orderId) : and(eq(invoices.orderId, orderId), eq(orders.userId, userId));
  const [row] = await ctx.database.db
    .select({ invoice: invoices, creditNote: creditNotes })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(creditNotes, eq(creditNotes.orderId, invoices.orderId))
    .where(where)
    .limit(1);
  if (!row) throw new ShopError('NOT_FOUND', 'We could not find an invoice for this order.');
  const cn = row.creditNote;
  return {
    orderId,
    number: row.invoice.number,
    issuedAt: row.invoice.issuedAt,
    data: row.invoice.data,
    creditNote: cn ? { number: cn.number, issuedAt: cn.issuedAt, amountPaise: cn.amountPaise, reason: cn.reason } : null,
  };
}
