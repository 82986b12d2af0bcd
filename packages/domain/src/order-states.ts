/**
 * The order state machine: a transitions table with guards. Every guard returns null when the move is allowed or
 * the code of the reason it is not (the API words it for people). The API stores every change with its time and actor.
 *
 *   created → paid → in_production → shipped → delivered
 *   created → cancelled                      (payment failed or abandoned)
 *   paid → cancelled → refunded              (cancellation within 24 hours of payment)
 *
 * Pay on approval: the payment is only authorized (the money is held, not taken) until the customer approves a proof.
 *
 *   created → authorized → proof_sent → paid  (the approval captures the held amount)
 *   proof_sent → change_requested → proof_sent
 *   authorized | proof_sent | change_requested → released   (the hold ended or was let go; nothing is charged)
 */
export const ORDER_STATUSES = [
  'created',
  'authorized',
  'proof_sent',
  'change_requested',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'released',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTORS = ['customer', 'system', 'webhook', 'admin'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** How an order is paid: at once, or held and captured when the customer approves the proof. */
export const ORDER_PAYMENTS = ['now', 'on_approval'] as const;
export type OrderPayment = (typeof ORDER_PAYMENTS)[number];

/**
 * How long a payment is held before it is released uncaptured (Razorpay releases an authorized payment that is not
 * captured within 3 days; the shop releases its own holds at the same time).
 */
export const HOLD_PERIOD_MS = 3 * 24 * 60 * 60 * 1000;
/** The customer is reminded to approve this long before her hold ends. */
export const HOLD_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

/** When a hold authorized at `authorizedAt` ends. */
export function holdEndsAt(authorizedAt: Date): Date {
  return new Date(authorizedAt.getTime() + HOLD_PERIOD_MS);
}

/** When the customer is reminded of a hold that ends at `endsAt`. */
export function holdReminderAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() - HOLD_REMINDER_BEFORE_MS);
}

/** The statuses of an order whose money is held: captured on approval, released otherwise. */
export const HOLD_STATUSES: ReadonlySet<OrderStatus> = new Set(['authorized', 'proof_sent', 'change_requested']);

/** The held orders the owner has to make a proof for: new holds and those with a change asked for. */
export const ORDERS_AWAITING_PROOF: readonly OrderStatus[] = ['authorized', 'change_requested'];

/** A paid order can be cancelled (and then refunded) within this many milliseconds of its payment. */
export const CANCELLATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface TransitionContext {
  actor: OrderActor;
  /** When the change happens. */
  now: Date;
  /** When the order was paid (needed to cancel a paid order). */
  paidAt?: Date | null;
  /** How the order is paid; 'now' when missing. */
  payment?: OrderPayment;
  /** When the order's hold ends (pay on approval; needed to approve or to let the hold lapse). */
  holdEndsAt?: Date | null;
  /**
   * True when the move is made by the call that also moves the money or the proof (send a proof, capture, release):
   * the owner's plain status change cannot make these moves.
   */
  viaHoldCall?: boolean;
}

/**
 * Why a move is refused: the order is already in that status; the status is not one this one leads to; the actor may
 * not make this move; a paid order to cancel has no payment time; the cancellation window (24 hours after payment)
 * has passed; an order that was never paid cannot be refunded; a pay-now order has no hold (it is never authorized);
 * a pay-on-approval order is paid only by approving its proof; the hold has ended (too late to approve); the hold has
 * not ended (too early to let it lapse); the order has no hold end; the move belongs to the proof, capture or release
 * call, not to a plain status change; the customer approves before a proof was sent to her.
 */
export const TRANSITION_REFUSALS = [
  'ALREADY_IN_STATUS',
  'NOT_A_NEXT_STATUS',
  'ACTOR_NOT_ALLOWED',
  'NO_PAYMENT_TIME',
  'CANCELLATION_WINDOW_CLOSED',
  'NEVER_PAID',
  'PAY_NOW_ORDER',
  'APPROVAL_NEEDED',
  'HOLD_ENDED',
  'HOLD_NOT_ENDED',
  'NO_HOLD_END',
  'HOLD_CALL_ONLY',
  'PROOF_NOT_SENT',
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

const payment = (ctx: TransitionContext): OrderPayment => ctx.payment ?? 'now';

/** A pay-now order is paid by its payment; a pay-on-approval one only through its proof. */
const paidAtOnce: Guard = (ctx) =>
  anyOf('customer', 'system', 'webhook')(ctx) ?? (payment(ctx) === 'on_approval' ? 'APPROVAL_NEEDED' : null);

/** Only a pay-on-approval order's payment is held. */
const holdAuthorized: Guard = (ctx) =>
  anyOf('customer', 'system', 'webhook')(ctx) ?? (payment(ctx) === 'on_approval' ? null : 'PAY_NOW_ORDER');

/** The owner sends a proof through the proof call (which records the proof with the move). */
const proofSent: Guard = (ctx) => anyOf('admin')(ctx) ?? (ctx.viaHoldCall ? null : 'HOLD_CALL_ONLY');

/**
 * The held amount is captured: the customer approves the proof while the hold lasts; the system (a capture retried
 * after an approval) and the provider's webhook (a capture it reports) record a capture that has happened.
 */
const captured: Guard = (ctx) => {
  const actorReason = anyOf('customer', 'system', 'webhook')(ctx);
  if (actorReason) return actorReason;
  if (!ctx.viaHoldCall) return 'HOLD_CALL_ONLY';
  if (ctx.actor !== 'customer') return null;
  if (!ctx.holdEndsAt) return 'NO_HOLD_END';
  return ctx.now.getTime() < ctx.holdEndsAt.getTime() ? null : 'HOLD_ENDED';
};

/** Only the provider's capture (webhook, or the system recording it) settles a hold no proof was approved for. */
const capturedWithoutApproval: Guard = (ctx) => {
  if (ctx.actor === 'customer') return 'PROOF_NOT_SENT';
  return anyOf('system', 'webhook')(ctx) ?? (ctx.viaHoldCall ? null : 'HOLD_CALL_ONLY');
};

/**
 * A hold is released: by the system once it has ended, by the owner at any time ("can't make this one"), or as the
 * provider reports (webhook). Always through the release call, which lets the money go with the move.
 */
const holdReleased: Guard = (ctx) => {
  const actorReason = anyOf('system', 'admin', 'webhook')(ctx);
  if (actorReason) return actorReason;
  if (!ctx.viaHoldCall) return 'HOLD_CALL_ONLY';
  if (ctx.actor !== 'system') return null;
  if (!ctx.holdEndsAt) return 'NO_HOLD_END';
  return ctx.now.getTime() >= ctx.holdEndsAt.getTime() ? null : 'HOLD_NOT_ENDED';
};

/** The customer asks for a change while the hold lasts. */
const changeRequested: Guard = (ctx) => {
  const actorReason = anyOf('customer')(ctx);
  if (actorReason) return actorReason;
  if (!ctx.holdEndsAt) return 'NO_HOLD_END';
  return ctx.now.getTime() < ctx.holdEndsAt.getTime() ? null : 'HOLD_ENDED';
};

/** from → to → guard. A pair that is missing is not a transition at all. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, Guard>>>> = {
  created: {
    paid: paidAtOnce,
    authorized: holdAuthorized,
    cancelled: anyOf('customer', 'system', 'webhook', 'admin'),
  },
  authorized: {
    proof_sent: proofSent,
    paid: capturedWithoutApproval,
    released: holdReleased,
  },
  proof_sent: {
    change_requested: changeRequested,
    paid: captured,
    released: holdReleased,
  },
  change_requested: {
    proof_sent: proofSent,
    paid: capturedWithoutApproval,
    released: holdReleased,
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
  released: {},
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
