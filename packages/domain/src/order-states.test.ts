import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_WINDOW_MS,
  ORDER_STATUSES,
  ORDERS_TO_MAKE,
  canTransition,
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
