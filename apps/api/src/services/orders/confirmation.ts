import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { formatInr, isLocale, PAID_OR_LATER, type ArrivesBy, type Locale } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orders, users, type OrderRow } from '../../db/schema';
import { mailFor, type MailMessage } from '../mail';
import { addressLine, mailTexts } from '../mail-texts';
import { orderPageUrl } from './notifications';
import { arrivesByOf } from './read';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A UUID derived from the order number: the confirmation's job can only be stored once per order. */
export function confirmationJobId(orderId: string): string {
  const h = createHash('sha256').update(`framewala:order-confirmation:${orderId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * Queues the order confirmation e-mail of a paid order, once. The job's id comes from the order number (storing it
 * twice stores it once), and `confirmation_sent_at` is set only after the job is stored: a failure in between (the
 * database gone, the process killed) leaves the order for {@link sweepUnsentConfirmations}. Never throws.
 */
export async function sendOrderConfirmation(
  ctx: AppContext,
  order: OrderRow,
  log?: { error: (o: object, m?: string) => void },
): Promise<void> {
  try {
    const { db } = ctx.database;
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName, locale: users.locale })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, order.id), isNull(orders.confirmationSentAt)))
      .limit(1);
    if (!user) return;
    await queueOrderConfirmation(ctx, order, user);
  } catch (err) {
    log?.error({ err, orderId: order.id }, 'order confirmation e-mail could not be queued');
  }
}

/** Paid orders whose confirmation is this old and still not queued are swept (the order was paid moments ago otherwise). */
export const CONFIRMATION_SWEEP_AFTER_MS = 60_000;
/** Older paid orders are not written to any more: a confirmation days late would confuse more than help. */
const CONFIRMATION_SWEEP_WINDOW = '3 days';

/**
 * Queues the confirmations a crash or a database failure left unsent: paid orders (or later) of the last three days
 * with no `confirmation_sent_at`. Run by the reconciliation job.
 */
export async function sweepUnsentConfirmations(
  ctx: AppContext,
  options: { now?: Date; log?: { error: (o: object, m?: string) => void } } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await ctx.database.db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...PAID_OR_LATER]),
        isNull(orders.confirmationSentAt),
        lte(orders.paidAt, new Date(now.getTime() - CONFIRMATION_SWEEP_AFTER_MS)),
        gt(orders.paidAt, sql`${now.toISOString()}::timestamptz - ${CONFIRMATION_SWEEP_WINDOW}::interval`),
      ),
    )
    .limit(100);
  for (const order of due) await sendOrderConfirmation(ctx, order, options.log);
  return due.length;
}

type ConfirmedOrder = Pick<
  OrderRow,
  'id' | 'paymentId' | 'lines' | 'address' | 'amountPaise' | 'shippingPaise' | 'discountPaise' | 'couponCode' | 'status' | 'paidAt'
>;

export interface ConfirmationEmailInput {
  order: ConfirmedOrder;
  to: string;
  firstName: string;
  /** The account's language; English when it has none. */
  locale: Locale | null;
  /** When the order should arrive, as its page says it (null: no line about it). */
  arrivesBy: ArrivesBy | null;
  publicUrl: string;
  site: { name: string; supportEmail: string; supportPhone: string };
}

/**
 * The order confirmation in the account's language: what was bought, the discount and what was paid, when it should
 * arrive and where it goes, and the link to the order's page.
 */
export function orderConfirmationEmail({ order, to, firstName, locale, arrivesBy, publicUrl, site }: ConfirmationEmailInput): MailMessage {
  const texts = mailTexts(locale);
  const t = texts.confirmation;
  const link = orderPageUrl(publicUrl, order.id);
  const [only] = order.lines;
  // An order of several framed photos lists each, numbered with its price; a single one keeps its four lines.
  const items =
    order.lines.length === 1 && only
      ? [t.print(only.line), t.frame(only.line), t.border(only.line), t.quantity(only.quantity)]
      : order.lines.map((l, i) => t.item(i + 1, l.line, l.quantity, formatInr(l.line.checkoutPaise)));
  const lines = [
    texts.hello(firstName),
    '',
    t.thanks(order.id, order.paymentId ?? ''),
    '',
    ...items,
    t.shipping(order.shippingPaise > 0 ? formatInr(order.shippingPaise) : null),
    ...(order.discountPaise > 0 ? [t.discount(`−${formatInr(order.discountPaise)}`, order.couponCode)] : []),
    t.totalPaid(formatInr(order.amountPaise)),
    '',
    ...(arrivesBy ? [t.arrives(arrivesBy)] : []),
    t.deliveringTo(addressLine(order.address)),
  ];
  const footer = [texts.questions(site.supportEmail, site.supportPhone), '', texts.signature(site.name)];
  const subject = t.subject(site.name, order.id);
  const p = (l: string) => (l ? `<p style="margin:0 0 4px">${escapeHtml(l)}</p>` : '<br>');
  const html = [
    `<!doctype html><html lang="${locale ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body>`,
    `<div style="font-family:sans-serif">${lines.map(p).join('')}`,
    `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#222;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(texts.status.button)}</a></p>`,
    `<p style="margin:0 0 8px;font-size:14px;color:#555">${escapeHtml(link)}</p>`,
    `${footer.map(p).join('')}</div>`,
    '</body></html>',
  ].join('');
  return { to, subject, text: [...lines, '', texts.status.seeOrder(link), '', ...footer].join('\n'), html };
}

/**
 * Stores the confirmation's job (under the order's own job id) and then marks the order's confirmation as sent.
 * Throws when the queue refuses it; the order then stays for the sweep.
 */
export async function queueOrderConfirmation(
  ctx: AppContext,
  order: ConfirmedOrder,
  user: { email: string; firstName: string; locale?: string | null },
): Promise<void> {
  const message = orderConfirmationEmail({
    order,
    to: user.email,
    firstName: user.firstName,
    locale: isLocale(user.locale) ? user.locale : null,
    arrivesBy: await arrivesByOf(order),
    publicUrl: ctx.config.publicUrl,
    site: ctx.config.site,
  });
  const mail = await mailFor(ctx);
  await mail.send(message, { jobId: confirmationJobId(order.id) });
  await ctx.database.pool.query('UPDATE orders SET confirmation_sent_at = now() WHERE id = $1 AND confirmation_sent_at IS NULL', [
    order.id,
  ]);
}
