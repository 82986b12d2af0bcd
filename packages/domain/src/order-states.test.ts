import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_WINDOW_MS,
  HOLD_PERIOD_MS,
  HOLD_REMINDER_BEFORE_MS,
  HOLD_STATUSES,
  ORDER_PAYMENTS,
  ORDER_STATUSES,
  ORDERS_AWAITING_PROOF,
  ORDERS_TO_MAKE,
  PAID_OR_LATER,
  canTransition,
  holdEndsAt,
  holdReminderAt,
  customerCancellableUntil,
  isTransitionRefusal,
  transitionRefusal,
} from './order-states';

const now = new Date('2026-11-22T12:00:00Z');

describe('order state machine', () => {
  it('follows the happy path', () => {
    expect(canTransition('created', 'paid', { actor: 'webhook', now })).toBe(true);
    expect(canTransition('paid', 'in_production', { actor: 'admin', now })).toBe(true);
    expect(canTransition('in_production', 'shipped', { actor: 'admin', now })).toBe(true);
    expect(canTransition('shipped', 'delivered', { actor: 'admin', now })).toBe(true);
  });

  it('never moves back from paid', () => {
    for (const from of ['paid', 'in_production', 'shipped', 'delivered'] as const) {
      expect(transitionRefusal(from, 'created', { actor: 'system', now })).toBe('NOT_A_NEXT_STATUS');
    }
    expect(transitionRefusal('paid', 'paid', { actor: 'webhook', now })).toBe('ALREADY_IN_STATUS');
  });

  it('cancels an unpaid order, and a paid one only within 24 hours', () => {
    expect(canTransition('created', 'cancelled', { actor: 'system', now })).toBe(true);
    const paidAt = new Date(now.getTime() - CANCELLATION_WINDOW_MS + 1000);
    expect(canTransition('paid', 'cancelled', { actor: 'customer', now, paidAt })).toBe(true);
    const late = new Date(now.getTime() - CANCELLATION_WINDOW_MS - 1000);
    expect(transitionRefusal('paid', 'cancelled', { actor: 'customer', now, paidAt: late })).toBe('CANCELLATION_WINDOW_CLOSED');
    expect(canTransition('cancelled', 'refunded', { actor: 'admin', now, paidAt })).toBe(true);
    expect(transitionRefusal('cancelled', 'refunded', { actor: 'admin', now, paidAt: null })).toBe('NEVER_PAID');
  });

  it('checks the actor', () => {
    expect(transitionRefusal('paid', 'in_production', { actor: 'customer', now })).toBe('ACTOR_NOT_ALLOWED');
    expect(transitionRefusal('created', 'paid', { actor: 'admin', now })).toBe('ACTOR_NOT_ALLOWED');
  });

  it('has no way out of delivered or refunded', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition('delivered', to, { actor: 'admin', now })).toBe(false);
      expect(canTransition('refunded', to, { actor: 'admin', now })).toBe(false);
    }
  });
  it('refuses a paid order without a payment time, and answers codes only', () => {
    expect(transitionRefusal('paid', 'cancelled', { actor: 'admin', now, paidAt: null })).toBe('NO_PAYMENT_TIME');
    expect(transitionRefusal('in_production', 'shipped', { actor: 'customer', now })).toBe('ACTOR_NOT_ALLOWED');
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const reason = transitionRefusal(from, to, { actor: 'customer', now, paidAt: now });
        expect(reason === null || isTransitionRefusal(reason), `${from}>${to}`).toBe(true);
      }
    }
  });
});

describe('what the customer may cancel, and what the owner has to make', () => {
  const paidAt = new Date('2026-11-20T09:31:00.000Z');
  it('a paid order until 24 hours after its payment; nothing else', () => {
    expect(customerCancellableUntil({ status: 'paid', paidAt })).toEqual(new Date(paidAt.getTime() + CANCELLATION_WINDOW_MS));
    expect(customerCancellableUntil({ status: 'paid', paidAt: null })).toBeNull();
    for (const status of ORDER_STATUSES.filter((s) => s !== 'paid')) expect(customerCancellableUntil({ status, paidAt })).toBeNull();
    // The same window as the state machine's guard.
    const until = customerCancellableUntil({ status: 'paid', paidAt })!;
    expect(canTransition('paid', 'cancelled', { actor: 'customer', now: until, paidAt })).toBe(true);
    expect(canTransition('paid', 'cancelled', { actor: 'customer', now: new Date(until.getTime() + 1), paidAt })).toBe(false);
  });
  it('the orders to make are the paid ones and those in production', () => {
    expect([...ORDERS_TO_MAKE]).toEqual(['paid', 'in_production']);
  });
});

describe('pay on approval', () => {
  const authorizedAt = new Date('2026-11-22T10:00:00Z');
  const endsAt = holdEndsAt(authorizedAt);
  const before = new Date(endsAt.getTime() - 1);
  const hold = { payment: 'on_approval' as const, holdEndsAt: endsAt, viaHoldCall: true };

  it('holds for 3 days and reminds 24 hours before the end', () => {
    expect(HOLD_PERIOD_MS).toBe(3 * 24 * 60 * 60 * 1000);
    expect(endsAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(holdReminderAt(endsAt).toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(HOLD_REMINDER_BEFORE_MS).toBe(24 * 60 * 60 * 1000);
    expect([...HOLD_STATUSES].sort()).toEqual(['authorized', 'change_requested', 'proof_sent']);
    expect([...ORDERS_AWAITING_PROOF]).toEqual(['authorized', 'change_requested']);
    expect([...ORDER_PAYMENTS]).toEqual(['now', 'on_approval']);
  });

  it('authorizes only a pay-on-approval order, and pays it only through its proof', () => {
    expect(transitionRefusal('created', 'authorized', { actor: 'customer', now, payment: 'on_approval' })).toBeNull();
    expect(transitionRefusal('created', 'authorized', { actor: 'webhook', now, payment: 'on_approval' })).toBeNull();
    expect(transitionRefusal('created', 'authorized', { actor: 'customer', now, payment: 'now' })).toBe('PAY_NOW_ORDER');
    expect(transitionRefusal('created', 'authorized', { actor: 'customer', now })).toBe('PAY_NOW_ORDER');
    expect(transitionRefusal('created', 'authorized', { actor: 'admin', now, payment: 'on_approval' })).toBe('ACTOR_NOT_ALLOWED');
    expect(transitionRefusal('created', 'paid', { actor: 'webhook', now, payment: 'on_approval' })).toBe('APPROVAL_NEEDED');
    expect(transitionRefusal('created', 'paid', { actor: 'customer', now, payment: 'now' })).toBeNull();
  });

  it('the owner sends a proof only through the proof call, first or after a change', () => {
    expect(transitionRefusal('authorized', 'proof_sent', { actor: 'admin', now, ...hold })).toBeNull();
    expect(transitionRefusal('change_requested', 'proof_sent', { actor: 'admin', now, ...hold })).toBeNull();
    expect(transitionRefusal('authorized', 'proof_sent', { actor: 'admin', now, ...hold, viaHoldCall: false })).toBe('HOLD_CALL_ONLY');
    expect(transitionRefusal('authorized', 'proof_sent', { actor: 'customer', now, ...hold })).toBe('ACTOR_NOT_ALLOWED');
    expect(transitionRefusal('proof_sent', 'proof_sent', { actor: 'admin', now, ...hold })).toBe('ALREADY_IN_STATUS');
  });

  it('the customer approves (capture) or asks for a change while the hold lasts', () => {
    expect(transitionRefusal('proof_sent', 'paid', { actor: 'customer', now: before, ...hold })).toBeNull();
    expect(transitionRefusal('proof_sent', 'paid', { actor: 'customer', now: endsAt, ...hold })).toBe('HOLD_ENDED');
    expect(transitionRefusal('proof_sent', 'paid', { actor: 'customer', now, ...hold, holdEndsAt: null })).toBe('NO_HOLD_END');
    expect(transitionRefusal('proof_sent', 'paid', { actor: 'customer', now, ...hold, viaHoldCall: false })).toBe('HOLD_CALL_ONLY');
    expect(transitionRefusal('proof_sent', 'paid', { actor: 'admin', now, ...hold })).toBe('ACTOR_NOT_ALLOWED');
    expect(transitionRefusal('proof_sent', 'change_requested', { actor: 'customer', now: before, ...hold })).toBeNull();
    expect(transitionRefusal('proof_sent', 'change_requested', { actor: 'customer', now: endsAt, ...hold })).toBe('HOLD_ENDED');
    expect(transitionRefusal('proof_sent', 'change_requested', { actor: 'customer', now, ...hold, holdEndsAt: null })).toBe('NO_HOLD_END');
    expect(transitionRefusal('proof_sent', 'change_requested', { actor: 'admin', now, ...hold })).toBe('ACTOR_NOT_ALLOWED');
    // Before a proof, or while a change is being made, there is nothing to approve.
    expect(transitionRefusal('authorized', 'paid', { actor: 'customer', now, ...hold })).toBe('PROOF_NOT_SENT');
    expect(transitionRefusal('change_requested', 'paid', { actor: 'customer', now, ...hold })).toBe('PROOF_NOT_SENT');
    expect(transitionRefusal('authorized', 'change_requested', { actor: 'customer', now, ...hold })).toBe('NOT_A_NEXT_STATUS');
  });

  it('a capture the provider reports settles the hold whatever its step, even after its end', () => {
    for (const from of HOLD_STATUSES) {
      expect(transitionRefusal(from, 'paid', { actor: 'webhook', now: endsAt, ...hold }), from).toBeNull();
      expect(transitionRefusal(from, 'paid', { actor: 'system', now: endsAt, ...hold }), from).toBeNull();
      expect(transitionRefusal(from, 'paid', { actor: 'webhook', now, ...hold, viaHoldCall: false }), from).toBe('HOLD_CALL_ONLY');
    }
  });

  it('releases a hold: the system once it has ended, the owner and the provider at any time, always through the release call', () => {
    for (const from of HOLD_STATUSES) {
      expect(transitionRefusal(from, 'released', { actor: 'system', now: endsAt, ...hold }), from).toBeNull();
      expect(transitionRefusal(from, 'released', { actor: 'system', now: before, ...hold }), from).toBe('HOLD_NOT_ENDED');
      expect(transitionRefusal(from, 'released', { actor: 'system', now, ...hold, holdEndsAt: null }), from).toBe('NO_HOLD_END');
      expect(transitionRefusal(from, 'released', { actor: 'admin', now: before, ...hold }), from).toBeNull();
      expect(transitionRefusal(from, 'released', { actor: 'webhook', now: before, ...hold }), from).toBeNull();
      expect(transitionRefusal(from, 'released', { actor: 'admin', now, ...hold, viaHoldCall: false }), from).toBe('HOLD_CALL_ONLY');
      expect(transitionRefusal(from, 'released', { actor: 'customer', now: endsAt, ...hold }), from).toBe('ACTOR_NOT_ALLOWED');
      expect(transitionRefusal(from, 'cancelled', { actor: 'customer', now, ...hold }), from).toBe('NOT_A_NEXT_STATUS');
    }
    expect(transitionRefusal('created', 'released', { actor: 'system', now: endsAt, ...hold })).toBe('NOT_A_NEXT_STATUS');
    expect(transitionRefusal('paid', 'released', { actor: 'admin', now, ...hold })).toBe('NOT_A_NEXT_STATUS');
  });

  it('a released hold goes nowhere: never captured, never approved', () => {
    for (const to of ORDER_STATUSES) {
      for (const actor of ['customer', 'system', 'webhook', 'admin'] as const) {
        expect(canTransition('released', to, { actor, now, ...hold, paidAt: now }), `${actor} released>${to}`).toBe(false);
      }
    }
    expect(transitionRefusal('released', 'paid', { actor: 'customer', now, ...hold })).toBe('NOT_A_NEXT_STATUS');
    expect(transitionRefusal('released', 'released', { actor: 'system', now: endsAt, ...hold })).toBe('ALREADY_IN_STATUS');
  });

  it("the owner's plain status change makes no hold move", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (!HOLD_STATUSES.has(from) && !HOLD_STATUSES.has(to) && to !== 'released') continue;
        const ctx = { actor: 'admin' as const, now: endsAt, paidAt: now, payment: 'on_approval' as const, holdEndsAt: endsAt };
        expect(canTransition(from, to, ctx), `${from}>${to}`).toBe(false);
      }
    }
  });

  it('no hold status counts as paid, to make, or cancellable by the customer', () => {
    for (const status of [...HOLD_STATUSES, 'released' as const]) {
      expect(PAID_OR_LATER.has(status)).toBe(false);
      expect(ORDERS_TO_MAKE.includes(status)).toBe(false);
      expect(customerCancellableUntil({ status, paidAt: now })).toBeNull();
    }
  });
});
