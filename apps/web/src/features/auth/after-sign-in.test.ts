import { describe, expect, it } from 'vitest';
import { ORDER_STORAGE_KEY } from '../../lib/order-draft/stored-order';
import { pathAfterSignIn } from './after-sign-in';

describe('where to go after sign-in', () => {
  it('falls back to the order in progress, then home', () => {
    expect(pathAfterSignIn('//evil.example')).toBe('/');
    window.localStorage.setItem(ORDER_STORAGE_KEY, JSON.stringify({ photo: { _id: 'p1', url: '/media/p1.jpg' } }));
    expect(pathAfterSignIn(null)).toBe('/edit-photo');
    expect(pathAfterSignIn('/checkout')).toBe('/checkout');
  });
});
