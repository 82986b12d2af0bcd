import { describe, expect, it } from 'vitest';
import {
  paymentSignature,
  safeEqualHex,
  verifyPaymentSignature,
  verifyWebhookSignature,
  webhookSignature,
} from '../src/services/payments/signatures';

// Razorpay's published SDK test vectors.
describe('Razorpay signatures', () => {
  it('signs a payment as Razorpay does', () => {
    const expected = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
    expect(paymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd')).toBe(expected);
    expect(verifyPaymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', expected, 'EnLs21M47BllR3X8PSFtjtbd')).toBe(true);
    expect(verifyPaymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1m', expected, 'EnLs21M47BllR3X8PSFtjtbd')).toBe(false);
  });

  it('signs a webhook body as Razorpay does', () => {
    const expected = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(webhookSignature('{"a":1,"b":2,"c":{"d":3}}', '123456')).toBe(expected);
    expect(verifyWebhookSignature(Buffer.from('{"a":1,"b":2,"c":{"d":3}}'), expected, '123456')).toBe(true);
    expect(verifyWebhookSignature('{"a":1,"b":2,"c":{"d":3} }', expected, '123456')).toBe(false);
  });

  it('treats a wrong length, non-hex or missing signature as false', () => {
    const sig = webhookSignature('x', 's');
    expect(safeEqualHex(sig, sig.slice(0, -2))).toBe(false);
    expect(safeEqualHex(sig, `${sig}00`)).toBe(false);
    expect(safeEqualHex(sig, 'zz'.repeat(32))).toBe(false);
    expect(safeEqualHex(sig, undefined)).toBe(false);
    expect(safeEqualHex(sig, sig.toUpperCase())).toBe(true);
  });
});
