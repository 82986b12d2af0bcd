import { describe, expect, it } from 'vitest';
import { ShopError, TRANSITION_REFUSALS, transitionRefusal } from '@framewala/domain';
import { assertTransition, refusalMessage } from './transitions';

const now = new Date('2026-11-22T12:00:00Z');

describe("a refused move's English", () => {
  it('names the actor who may not make a move, with the right article', () => {
    const refusal = (actor: 'admin' | 'customer') => transitionRefusal('created', 'paid', { actor, now })!;
    expect(refusalMessage(refusal('admin'), { from: 'created', to: 'paid', actor: 'admin' })).toBe('An admin cannot make this change.');
    expect(refusalMessage('ACTOR_NOT_ALLOWED', { from: 'in_production', to: 'shipped', actor: 'customer' })).toBe(
      'A customer cannot make this change.',
    );
  });

  it('words every reason the domain gives', () => {
    const move = { from: 'in_production', to: 'in_production', actor: 'admin' } as const;
    expect(refusalMessage('ALREADY_IN_STATUS', move)).toBe('The order is already in production.');
    expect(refusalMessage('NOT_A_NEXT_STATUS', { ...move, from: 'delivered', to: 'created' })).toBe(
      'An order that is delivered cannot become created.',
    );
    expect(refusalMessage('NO_PAYMENT_TIME', move)).toBe('The order has no payment time.');
    expect(refusalMessage('CANCELLATION_WINDOW_CLOSED', move)).toBe('A paid order can only be cancelled within 24 hours of payment.');
    expect(refusalMessage('NEVER_PAID', move)).toBe('Only a paid order can be refunded.');
    for (const reason of TRANSITION_REFUSALS) expect(refusalMessage(reason, move), reason).toMatch(/^[A-Z].+\.$/);
  });

  it('is the message of the 409, beside the reason code', () => {
    let thrown: unknown;
    try {
      assertTransition('shipped', 'paid', { actor: 'admin', now });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ShopError);
    expect(thrown).toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
      message: 'An order that is shipped cannot become paid.',
      details: { from: 'shipped', to: 'paid', reason: 'NOT_A_NEXT_STATUS' },
    });
    expect(() => assertTransition('shipped', 'delivered', { actor: 'admin', now })).not.toThrow();
  });
});
