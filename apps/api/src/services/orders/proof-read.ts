import { asc, desc, eq } from 'drizzle-orm';
import type { Proof } from '@framewala/domain';
import type { AppContext } from '../../context';
import { orderChangeRequests, orderProofs, type OrderRow } from '../../db/schema';

/** Reading an order's proof (pay on approval): what the order pages show; the proof's moves are in ./proof.ts. */

/** Where the customer gets a proof line's mock-up (`lineIndex` 0 for the first line). */
export const proofMockupUrl = (orderId: string, lineIndex = 0) =>
  `/api/orders/${encodeURIComponent(orderId)}/proof/mockup${lineIndex === 0 ? '' : `?line=${lineIndex + 1}`}`;

/** The latest proof of an order with every change request, or null before the first; `mockupUrl` names each line's image. */
export async function proofOf(
  ctx: AppContext,
  order: OrderRow,
  mockupUrl: (orderId: string, lineIndex: number) => string = proofMockupUrl,
): Promise<Proof | null> {
  if (order.paymentMode !== 'on_approval') return null;
  const { db } = ctx.database;
  const [latest] = await db.select().from(orderProofs).where(eq(orderProofs.orderId, order.id)).orderBy(desc(orderProofs.round)).limit(1);
  if (!latest) return null;
  const changes = await db
    .select()
    .from(orderChangeRequests)
    .where(eq(orderChangeRequests.orderId, order.id))
    .orderBy(asc(orderChangeRequests.at), asc(orderChangeRequests.id));
  return {
    round: latest.round,
    sentAt: latest.sentAt.toISOString(),
    note: latest.note,
    lines: order.lines.map(({ line: l, quantity }, index) => ({
      mockupUrl: mockupUrl(order.id, index),
      sizeName: l.sizeName,
      widthIn: l.widthIn,
      heightIn: l.heightIn,
      frameSetName: l.frameSetName,
      finishName: l.finishName,
      borderName: l.borderName,
      borderIn: l.borderIn,
      frameSetNameHi: l.frameSetNameHi ?? null,
      finishNameHi: l.finishNameHi ?? null,
      borderNameHi: l.borderNameHi ?? null,
      quantity,
      quality: latest.lines[index]?.quality ?? null,
    })),
    changes: changes.map((c) => ({ message: c.message, at: c.at.toISOString(), lines: c.lines })),
  };
}
