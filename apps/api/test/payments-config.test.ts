import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from './helpers';

let t: TestApp;
const config = testConfig({
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_publicKeyId1',
  RAZORPAY_KEY_SECRET: 'a-razorpay-key-secret-never-shown',
  RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret-never-shown',
});

beforeAll(async () => {
  t = await createTestApp({ config });
});
afterAll(async () => {
  await t?.close();
});

describe('with PAYMENT_PROVIDER=razorpay', () => {
  it('gives the checkout the public key id only, and has no sandbox route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.json()).toEqual({ provider: 'razorpay', keyId: 'rzp_test_publicKeyId1', name: 'Framewala', themeColor: '#F37254' });
    expect(res.body).not.toContain('never-shown');
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { razorpay_order_id: 'order_x', card: 'success' },
    });
    expect(sandbox.statusCode).toBe(404);
    expect(sandbox.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
