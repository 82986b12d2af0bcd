import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { formatInr, isLocale, POLICY_NUMBERS, ShopError, type Locale } from '@framewala/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import * as schema from '../../db/schema';
import { orderStatusHistory, users, type OrderRow } from '../../db/schema';
import { mailFor, sealMessage, SEND_EMAIL_QUEUE, type MailMessage } from '../mail';
import { cityLine, mailTexts } from '../mail-texts';

/**
 * The customer's e-mails for status moves the shop makes: shipped (carrier and tracking number) and delivered.
 * docs/decisions/023-order-status-emails.md.
 *
 * Exactly once per move: the `send-email` job is stored in the same transaction as the move (pg-boss's `db` option
 * on the transaction's connection), so a rolled-back move sends nothing and a committed one has its job; the job id
 * is derived from the history row, so storing it twice is a no-op. The send-email worker then delivers it (retrying
 * on failure, as every e-mail).
 */
export type NotifiedStatus = 'shipped' | 'delivered';

export const NOTIFIED_STATUSES: ReadonlySet<string> = new Set<NotifiedStatus>(['shipped', 'delivered']);

/** A cancellation the customer made herself: the amount refunded and the credit note that cancels the invoice. */
export interface CancellationFacts {
  refundPaise: number;
  creditNote: { number: string; invoiceNumber: string } | null;
}

/** What pg-boss needs to run its SQL on a given connection (a transaction's client). */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface StatusEmailInput {
  order: Pick<OrderRow, 'id' | 'lines' | 'address' | 'carrier' | 'trackingNumber'>;
  status: NotifiedStatus | 'cancelled';
  /** For `cancelled`: what is refunded and the credit note. */
  cancellation?: CancellationFacts;
  to: string;
  firstName: string;
  /** The account's language; English when it has none. */
  locale?: Locale | null;
  publicUrl: string;
  site: { name: string; supportEmail: string; supportPhone: string };
}

/** The link to the customer's own order page. */
export function orderPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/orders/${encodeURIComponent(orderId)}`;
}

/** A plain, mobile-friendly message in the account's language: short lines of text, and the same in simple single-column HTML. */
export function statusEmail(input: StatusEmailInput): MailMessage {
  const { order, status, site } = input;
  const locale = input.locale ?? 'en';
  const texts = mailTexts(locale);
  const t = texts.status;
  const link = orderPageUrl(input.publicUrl, order.id);
  const [only] = order.lines;
  // What is in the parcel: the one framed photo, or each of several on its own numbered line.
  const bought =
    order.lines.length === 1 && only ? [t.frame(only.line, only.quantity)] : order.lines.map((l, i) => t.item(i + 1, l.line, l.quantity));
  const refundDays = `${POLICY_NUMBERS.refundDays.min}–${POLICY_NUMBERS.refundDays.max}`;
  const cancelled = input.cancellation;
  const body: string[] =
    status === 'cancelled'
      ? [
          t.cancelledHeadline(order.id),
          '',
          ...bought,
          '',
          t.refund(formatInr(cancelled?.refundPaise ?? 0), refundDays),
          ...(cancelled?.creditNote ? [t.creditNote(cancelled.creditNote.number, cancelled.creditNote.invoiceNumber)] : []),
        ]
      : status === 'shipped'
        ? [
            t.shippedHeadline(order.id),
            '',
            t.carrier(order.carrier ?? ''),
            t.trackingNumber(order.trackingNumber ?? ''),
            '',
            ...bought,
            t.deliveringTo(cityLine(order.address)),
          ]
        : [t.deliveredHeadline(order.id), '', ...bought, '', t.enjoy];
  const lines = [texts.hello(input.firstName), '', ...body];
  const footer = [texts.questions(site.supportEmail, site.supportPhone), '', texts.signature(site.name)];
  const text = [...lines, '', t.seeOrder(link), '', ...footer].join('\n');
  const p = (l: string) => (l ? `<p style="margin:0 0 8px">${escapeHtml(l)}</p>` : '');
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>`,
    '<body style="margin:0;padding:16px;font-family:sans-serif;font-size:16px;line-height:1.5;color:#222">',
    '<div style="max-width:480px;margin:0 auto">',
    ...lines.map(p),
    `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#222;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(t.button)}</a></p>`,
    `<p style="margin:0 0 8px;font-size:14px;color:#555">${escapeHtml(link)}</p>`,
    ...footer.map(p),
    '</div></body></html>',
  ].join('');
  const subject =
    status === 'cancelled'
      ? t.cancelledSubject(site.name, order.id)
      : status === 'shipped'
        ? t.shippedSubject(site.name, order.id)
        : t.deliveredSubject(site.name, order.id);
  return { to: input.to, subject, text, html };
}

/** A UUID derived from the history row, so one move can only ever store one e-mail job. */
export function statusEmailJobId(historyId: number): string {
  const h = createHash('sha256').update(`framewala:order-status-email:${historyId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * Makes sure the send-email queue exists (and this process's worker runs) before a transaction stores into it;
 * the answer wakes that worker once the transaction has committed.
 */
export async function prepareStatusEmails(ctx: AppContext): Promise<{ wake(): void }> {
  return mailFor(ctx);
}

/**
 * Stores the e-mail for a move to shipped or delivered on the caller's transaction (`executor`). Call
 * `prepareStatusEmails` before the transaction. Other statuses send nothing.
 */
export async function queueStatusEmail(
  ctx: AppContext,
  executor: SqlExecutor,
  input: { order: OrderRow; historyId: number; to: string; firstName: string; locale?: string | null },
): Promise<boolean> {
  const status = input.order.status;
  if (!NOTIFIED_STATUSES.has(status)) return false;
  await storeStatusEmail(ctx, executor, input, status as NotifiedStatus);
  return true;
}

/**
 * Stores the e-mail of a cancellation the customer made herself on the caller's transaction (`executor`), like
 * {@link queueStatusEmail}: once per cancellation, its job id derived from the history row. Call `prepareStatusEmails`
 * before the transaction.
 */
export async function queueCancellationEmail(
  ctx: AppContext,
  executor: SqlExecutor,
  input: { order: OrderRow; historyId: number; to: string; firstName: string; locale?: string | null; cancellation: CancellationFacts },
): Promise<void> {
  await storeStatusEmail(ctx, executor, input, 'cancelled', input.cancellation);
}

/** The move's e-mail, sealed and stored on the caller's transaction; its job id is derived from the history row. */
async function storeStatusEmail(
  ctx: AppContext,
  executor: SqlExecutor,
  input: { order: OrderRow; historyId: number; to: string; firstName: string; locale?: string | null },
  status: NotifiedStatus | 'cancelled',
  cancellation?: CancellationFacts,
): Promise<void> {
  const message = statusEmail({
    order: input.order,
    status,
    ...(cancellation ? { cancellation } : {}),
    to: input.to,
    firstName: input.firstName,
    locale: isLocale(input.locale) ? input.locale : null,
    publicUrl: ctx.config.publicUrl,
    site: ctx.config.site,
  });
  await ctx.jobs.boss.send(SEND_EMAIL_QUEUE, sealMessage(ctx.config.auth.jwtSecret, message), {
    id: statusEmailJobId(input.historyId),
    db: executor,
  });
}

/** Who is told of the move just made on `order` in this transaction: its newest history row, and its customer. */
export async function moveRecipient(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId'>,
): Promise<{ historyId: number; to: string; firstName: string; locale: string | null } | null> {
  // One after another: the transaction's connection runs one query at a time.
  const [history] = await tx
    .select({ id: orderStatusHistory.id })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, order.id))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, order.userId))
    .limit(1);
  return history && user ? { historyId: history.id, to: user.email, firstName: user.firstName, locale: user.locale } : null;
}

/**
 * Runs `fn` in a transaction on a connection of its own, with `executor` running SQL on that same transaction, so
 * pg-boss stores a move's e-mail job with the move. A refusal (ShopError) rolls back cleanly; after any other error the
 * connection may be unusable and is dropped from the pool.
 */
export async function moveTransaction<T>(ctx: AppContext, fn: (tx: Tx, executor: SqlExecutor) => Promise<T>): Promise<T> {
  const client = await ctx.database.pool.connect();
  let broken: Error | undefined;
  try {
    return await drizzle(client, { schema }).transaction((tx) => fn(tx, { executeSql: (text, values) => client.query(text, values) }));
  } catch (error) {
    if (!(error instanceof ShopError)) broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}
