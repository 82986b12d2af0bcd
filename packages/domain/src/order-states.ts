/**
 * The order state machine: a transitions table with guards. Every guard returns null when the move is allowed or
 * the code of the reason it is not (the API words it for people). The API stores every change with its time and actor.
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

/**
 * Why a move is refused: the order is already in that status; the status is not one this one leads to; the actor may
 * not make this move; a paid order to cancel has no payment time; the cancellation window (24 hours after payment)
 * has passed; an order that was never paid cannot be refunded.
 */
export const TRANSITION_REFUSALS = [
  'ALREADY_IN_STATUS',
  'NOT_A_NEXT_STATUS',
  'ACTOR_NOT_ALLOWED',
  'NO_PAYMENT_TIME',
  'CANCELLATION_WINDOW_CLOSED',
  'NEVER_PAID',
] as const;
export type TransitionRefusal = (typeof TRANSITION_REFUSALS)[number];

export type Guard = (ctx: TransitionContext) => TransitionRefusal | null;

const anyOf =
  (...actors: OrderActor[]): Guard =>
  (ctx) =>
    actors.includes(ctx.actor) ? null : 'ACTOR_NOT_ALLOWED';

const withinCancellationWindow: Guard = (ctx) => {
  const actorReason = anyOf('customer', 'admin')(ctx);
  if (actorReason) return actorReason;
  if (!ctx.paidAt) return 'NO_PAYMENT_TIME';
  return ctx.now.getTime() - ctx.paidAt.getTime() <= CANCELLATION_WINDOW_MS ? null : 'CANCELLATION_WINDOW_CLOSED';
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
    refunded: (ctx) => anyOf('admin', 'system', 'webhook')(ctx) ?? (ctx.paidAt ? null : 'NEVER_PAID'),
  },
  refunded: {},
};

/** Null when `from → to` is allowed for this context, else the code of the reason it is not. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus, ctx: TransitionContext): TransitionRefusal | null {
  if (from === to) return 'ALREADY_IN_STATUS';
  const guard = ORDER_TRANSITIONS[from][to];
  if (!guard) return 'NOT_A_NEXT_STATUS';
  return guard(ctx);
}

export function isTransitionRefusal(value: unknown): value is TransitionRefusal {
  return typeof value === 'string' && (TRANSITION_REFUSALS as readonly string[]).includes(value);
}

export function canTransition(from: OrderStatus, to: OrderStatus, ctx: TransitionContext): boolean {
  return transitionRefusal(from, to, ctx) === null;
}

/**
 * When the customer may still cancel an order herself (free, refunded in full): a paid order, before production
 * starts, until the cancellation window after its payment closes. Null when she may not (any other status).
 */
export function customerCancellableUntil(order: { status: OrderStatus; paidAt: Date | null }): Date | null {
  if (order.status !== 'paid' || !order.paidAt) return null;
  return new Date(order.paidAt.getTime() + CANCELLATION_WINDOW_MS);
}

/** The orders the owner has to make: paid, or in production. The console's order list opens on these. */
export const ORDERS_TO_MAKE: readonly OrderStatus[] = ['paid', 'in_production'];

/** Statuses reached only after payment: an order in one of these never goes back to unpaid. */
export const PAID_OR_LATER: ReadonlySet<OrderStatus> = new Set(['paid', 'in_production', 'shipped', 'delivered']);

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
