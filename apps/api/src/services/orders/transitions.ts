import {
  ShopError,
  transitionRefusal,
  type OrderActor,
  type OrderStatus,
  type TransitionContext,
  type TransitionRefusal,
} from '@framewala/domain';

const words = (status: string) => status.replace('_', ' ');

/**
 * The English of a refused move, for the body's `message` (the owner's console, which shows it, is English-only; the
 * body's `reason` carries the domain's code for anyone who words it otherwise).
 */
export function refusalMessage(reason: TransitionRefusal, move: { from: string; to: string; actor: OrderActor }): string {
  switch (reason) {
    case 'ALREADY_IN_STATUS':
      return `The order is already ${words(move.to)}.`;
    case 'NOT_A_NEXT_STATUS':
      return `An order that is ${words(move.from)} cannot become ${words(move.to)}.`;
    case 'ACTOR_NOT_ALLOWED':
      return `${/^[aeiou]/.test(move.actor) ? 'An' : 'A'} ${move.actor} cannot make this change.`;
    case 'NO_PAYMENT_TIME':
      return 'The order has no payment time.';
    case 'CANCELLATION_WINDOW_CLOSED':
      return 'A paid order can only be cancelled within 24 hours of payment.';
    case 'NEVER_PAID':
      return 'Only a paid order can be refunded.';
    case 'PAY_NOW_ORDER':
      return 'This order is paid at once: its payment is not held.';
    case 'APPROVAL_NEEDED':
      return 'This order is paid when its proof is approved.';
    case 'HOLD_ENDED':
      return 'The payment hold has ended: the money was released and nothing was charged.';
    case 'HOLD_NOT_ENDED':
      return 'The payment hold has not ended yet.';
    case 'NO_HOLD_END':
      return 'The order has no payment hold.';
    case 'HOLD_CALL_ONLY':
      return 'Send the proof or release the hold from the order instead.';
    case 'PROOF_NOT_SENT':
      return 'There is no proof to approve yet.';
  }
}

/**
 * Asks the domain's transitions table and guards; a refused move throws 409 ORDER_TRANSITION_REFUSED
 * `{message, from, to, reason}`.
 */
export function assertTransition(from: OrderStatus, to: OrderStatus, ctx: TransitionContext): void {
  const reason = transitionRefusal(from, to, ctx);
  if (reason) {
    throw new ShopError('ORDER_TRANSITION_REFUSED', refusalMessage(reason, { from, to, actor: ctx.actor }), { from, to, reason });
  }
}
