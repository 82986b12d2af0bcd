/**
 * The order state machine: a transitions table with guards. Every guard returns null when the move is allowed or
 * a reason (a sentence for people) when it is not. The API stores every change with its time and actor.
 *
 *   created → paid → in_production → shipped → delivered
 *   created → cancelled                      (payment failed or abandoned)
 *   paid → cancelled → refunded              (cancellation within 24 hours of payment)
 */
export const ORDER_STATUSES = ['created', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTORS = ['customer', 'system', 'webhook', 'admin'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** A paid order can be cancelled (and then refunded) within this many milliseconds of its payment. */
export const CANCELLATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface TransitionContext {
  actor: OrderActor;
  /** When the change happens. */
  now: Date;
  /** When the order was paid (needed to cancel a paid order). */
  paidAt?: Date | null;
}

export type Guard = (ctx: TransitionContext) => string | null;

const anyOf =
  (...actors: OrderActor[]): Guard =>
  (ctx) =>
    actors.includes(ctx.actor) ? null : `${/^[aeiou]/.test(ctx.actor) ? 'An' : 'A'} ${ctx.actor} cannot make this change.`;

const withinCancellationWindow: Guard = (ctx) => {
  const actorReason = anyOf('customer', 'admin')(ctx);
  if (actorReason) return actorReason;
  if (!ctx.paidAt) return 'The order has no payment time.';
  return ctx.now.getTime() - ctx.paidAt.getTime() <= CANCELLATION_WINDOW_MS
    ? null
    : 'A paid order can only be cancelled within 24 hours of payment.';
};

/** from → to → guard. A pair that is missing is not a transition at all. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, Guard>>>> = {
  created: {
    paid: anyOf('customer', 'system', 'webhook'),
    cancelled: anyOf('customer', 'system', 'webhook', 'admin'),
  },
  paid: {
    in_production: anyOf('admin', 'system'),
    cancelled: withinCancellationWindow,
  },
  in_production: { shipped: anyOf('admin', 'system') },
  shipped: { delivered: anyOf('admin', 'system', 'webhook') },
  delivered: {},
  cancelled: {
    // Only a cancellation of a paid order can be refunded: the caller says so through paidAt.
    refunded: (ctx) => anyOf('admin', 'system', 'webhook')(ctx) ?? (ctx.paidAt ? null : 'Only a paid order can be refunded.'),
  },
  refunded: {},
};

/** Null when `from → to` is allowed for this context, else the reason it is not. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus, ctx: TransitionContext): string | null {
  if (from === to) return `The order is already ${to.replace('_', ' ')}.`;
  const guard = ORDER_TRANSITIONS[from][to];
  if (!guard) return `An order that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}.`;
  return guard(ctx);
}

export function canTransition(from: OrderStatus, to: OrderStatus, ctx: TransitionContext): boolean {
  return transitionRefusal(from, to, ctx) === null;
}

/** Statuses reached only after payment: an order in one of these never goes back to unpaid. */
export const PAID_OR_LATER: ReadonlySet<OrderStatus> = new Set(['paid', 'in_production', 'shipped', 'delivered']);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
