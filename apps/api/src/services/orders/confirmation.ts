import { and, eq, isNull } from 'drizzle-orm';
import { formatInr } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orders, users, type OrderRow } from '../../db/schema';
import { mailFor } from '../mail';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Queues the order confirmation e-mail once (confirmation_sent_at guards against a second). Never throws. */
export async function sendOrderConfirmation(
  ctx: AppContext,
  order: OrderRow,
  log?: { error: (o: object, m?: string) => void },
): Promise<void> {
  try {
    const { db } = ctx.database;
    // Claims the e-mail and reads the customer in one statement: only the first caller sends it.
    const [user] = await db
      .update(orders)
      .set({ confirmationSentAt: new Date() })
      .from(users)
      .where(and(eq(orders.id, order.id), isNull(orders.confirmationSentAt), eq(users.id, orders.userId)))
      .returning({ email: users.email, firstName: users.firstName });
    if (!user) return;
    await queueOrderConfirmation(ctx, order, user);
  } catch (err) {
    log?.error({ err, orderId: order.id }, 'order confirmation e-mail could not be queued');
  }
}

/**
 * Queues the confirmation of an order whose e-mail the caller has already claimed (confirmation_sent_at set by the
 * caller, as verify-payment does in the statement that marks the order paid). Throws when the queue refuses it.
 */
export async function queueOrderConfirmation(
  ctx: AppContext,
  order: Pick<OrderRow, 'id' | 'paymentId' | 'line' | 'address' | 'quantity' | 'amountPaise'>,
  user: { email: string; firstName: string },
): Promise<void> {
  const { line, address } = order;
  const { name, supportEmail, supportPhone } = ctx.config.site;
  const lines = [
    `Hello ${user.firstName},`,
    '',
    `Thank you for your order ${order.id}. Your payment ${order.paymentId ?? ''} was received.`,
    '',
    `Print: ${line.sizeName} in`,
    `Frame: ${line.finishName} (${line.frameSetName}), ${line.mouldingIn} in moulding`,
    `White border: ${line.borderName}`,
    `Quantity: ${order.quantity}`,
    `Total paid: ${formatInr(order.amountPaise)}`,
    '',
    `Delivering to: ${address.fullName}, ${address.addressLine1}${address.addressLine2 ? `, ${address.addressLine2}` : ''}, ${address.city}, ${address.state} ${address.postalCode}`,
    '',
    `Questions? Write to ${supportEmail} or call ${supportPhone}.`,
    '',
    `— ${name}`,
  ];
  const text = lines.join('\n');
  const html = `<div style="font-family:sans-serif">${lines.map((l) => (l ? `<p style="margin:0 0 4px">${escapeHtml(l)}</p>` : '<br>')).join('')}</div>`;
  const mail = await mailFor(ctx);
  await mail.send({ to: user.email, subject: `${name}: order ${order.id} confirmed`, text, html });
}
