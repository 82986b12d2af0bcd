import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SECRETS, loadConfig } from '../src/config/env';

describe('configuration', () => {
  it('has working defaults for development: port 3000, ./data, the payment sandbox', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payments.provider).toBe('sandbox');
    expect(config.payments.keySecret).toBe(DEV_SECRETS.RAZORPAY_KEY_SECRET);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://nope', SUPPORT_EMAIL: 'not-an-email', NODE_ENV: 'staging' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SUPPORT_EMAIL', 'NODE_ENV']) expect(message).toContain(name);
    expect((error as ConfigError).problems).toHaveLength(4);
  });

  it('refuses the sandbox and development secrets in production, naming each missing variable', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', RAZORPAY_KEY_SECRET: DEV_SECRETS.RAZORPAY_KEY_SECRET });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error?.message).toMatch(/PAYMENT_PROVIDER must be razorpay in production/);
    expect(error?.message).toMatch(/RAZORPAY_KEY_ID is required in production/);
    expect(error?.message).toMatch(/RAZORPAY_KEY_SECRET must not be the development value/);
    expect(error?.message).toMatch(/RAZORPAY_WEBHOOK_SECRET is required/);
    expect(error?.message).toMatch(/PUBLIC_URL is required/);
    // A secret's value is never echoed back.
    expect(error?.message).not.toContain(DEV_SECRETS.RAZORPAY_KEY_SECRET);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_abc',
      RAZORPAY_KEY_SECRET: 'real-secret',
      RAZORPAY_WEBHOOK_SECRET: 'real-webhook-secret',
      PUBLIC_URL: 'https://framewala.in/',
      DATABASE_URL: 'postgres://u:p@db:5432/framewala',
      JWT_SECRET: 'a-production-secret-that-is-long-enough-123',
    });
    expect(config.payments.provider).toBe('razorpay');
    expect(config.publicUrl).toBe('https://framewala.in');
  });
});
