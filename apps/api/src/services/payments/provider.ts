import crypto from 'node:crypto';
import { ShopError } from '@framewala/domain';
import type { Config } from '../../config/env';
import { withAdvisoryLock, type Database } from '../../db/client';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: 'INR';
}

/** A payment as the provider reports it (Razorpay's payment entity, the fields we use). */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  /** Razorpay's payment currency ('INR' for the shop's orders); absent: INR. */
  currency?: string | undefined;
  /** 'created' | 'authorized' | 'captured' | 'refunded' | 'failed'. */
  status: string;
  errorCode: string | null;
  errorReason: string | null;
  errorDescription: string | null;
}

/**
 * The payment provider: Razorpay in production, the sandbox in development and tests. Both go through the same
 * create-order, verify and webhook code; only these two calls differ. Signatures are checked in signatures.ts.
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'sandbox';
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** Refunds a captured payment in full; resolves to the provider's refund id. */
  refundPayment(input: { paymentId: string; amountPaise: number; notes: Record<string, string> }): Promise<{ id: string }>;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-looking id: prefix + 14 random base62 characters ('order_IEIaMR65cu6nz3'). */
export function randomProviderId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
  const bytes = crypto.randomBytes(14);
  let out = '';
  for (const b of bytes) out += ID_ALPHABET[b % ID_ALPHABET.length];
  return `${prefix}_${out}`;
}

/**
 * The sandbox: orders are made locally; payments are made by POST /api/sandbox/pay and kept where every server and
 * worker sees them — a `payment_sandbox.payments` table in the shop's PostgreSQL, standing in for Razorpay's own
 * records — so that reconciliation on any process can ask about them like it asks Razorpay. The table is the
 * simulated provider's, not the shop's: it is created on first use, only where the sandbox runs (never in
 * production), outside the migrations. docs/decisions/030-sandbox-payments-in-postgres.md.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private ready: Promise<void> | undefined;

  constructor(private readonly database: Database) {}

  async createOrder(input: { amountPaise: number }): Promise<ProviderOrder> {
    return { id: randomProviderId('order'), amount: input.amountPaise, currency: 'INR' };
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    await this.ensureTable();
    const { rows } = await this.database.pool.query<{
      id: string;
      order_id: string;
      amount: string;
      currency: string;
      status: string;
      error_code: string | null;
      error_reason: string | null;
      error_description: string | null;
    }>(
      `SELECT id, order_id, amount, 'INR' AS currency, status, error_code, error_reason, error_description
         FROM ${SANDBOX_PAYMENTS} WHERE order_id = $1 ORDER BY seq`,
      [providerOrderId],
    );
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      amount: Number(r.amount),
      currency: r.currency,
      status: r.status,
      errorCode: r.error_code,
      errorReason: r.error_reason,
      errorDescription: r.error_description,
    }));
  }

  /** Refunds like Razorpay: the payment must be captured (not yet refunded); it becomes 'refunded'. */
  async refundPayment(input: { paymentId: string }): Promise<{ id: string }> {
    await this.ensureTable();
    const { rowCount } = await this.database.pool.query(
      `UPDATE ${SANDBOX_PAYMENTS} SET status = 'refunded' WHERE id = $1 AND status = 'captured'`,
      [input.paymentId],
    );
    // A payment the sandbox never took (a verify with a made-up id) is refunded on paper only, as tests expect.
    if (rowCount === 0) {
      const { rows } = await this.database.pool.query<{ status: string }>(`SELECT status FROM ${SANDBOX_PAYMENTS} WHERE id = $1`, [
        input.paymentId,
      ]);
      if (rows[0] && rows[0].status !== 'captured') throw new ShopError('PAYMENT_PROVIDER_ERROR', 'The payment is not captured.');
    }
    return { id: randomProviderId('rfnd') };
  }

  /** Records a sandbox payment (called by the sandbox checkout, on whichever server it lands). */
  async record(payment: ProviderPayment): Promise<void> {
    await this.ensureTable();
    await this.database.pool.query(
      `INSERT INTO ${SANDBOX_PAYMENTS} (id, order_id, amount, status, error_code, error_reason, error_description)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [payment.id, payment.orderId, payment.amount, payment.status, payment.errorCode, payment.errorReason, payment.errorDescription],
    );
  }

  private ensureTable(): Promise<void> {
    this.ready ??= withAdvisoryLock(this.database, 'framewala:payment-sandbox', async () => {
      await this.database.pool.query(`CREATE SCHEMA IF NOT EXISTS payment_sandbox`);
      await this.database.pool.query(
        `CREATE TABLE IF NOT EXISTS ${SANDBOX_PAYMENTS} (
           seq bigserial UNIQUE,
           id text PRIMARY KEY,
           order_id text NOT NULL,
           amount bigint NOT NULL,
           status text NOT NULL,
           error_code text,
           error_reason text,
           error_description text,
           created_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      await this.database.pool.query(`CREATE INDEX IF NOT EXISTS payments_order_id_idx ON ${SANDBOX_PAYMENTS} (order_id)`);
    }).catch((err: unknown) => {
      this.ready = undefined; // a database hiccup: the next call tries again
      throw err;
    });
    return this.ready;
  }
}

/** The sandbox provider's own table (see SandboxProvider). */
export const SANDBOX_PAYMENTS = 'payment_sandbox.payments';

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number | string;
  currency?: string;
  status: string;
  error_code?: string | null;
  error_reason?: string | null;
  error_description?: string | null;
}

/** Razorpay's Orders API through its SDK (never used by tests). */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  private client: Promise<{
    orders: {
      create(body: object): Promise<{ id: string; amount: number | string; currency: string }>;
      fetchPayments(id: string): Promise<{ items: RazorpayPaymentEntity[] }>;
    };
    payments: { refund(paymentId: string, body: object): Promise<{ id: string }> };
  }>;

  constructor(keyId: string, keySecret: string) {
    this.client = import('razorpay').then((mod) => {
      const Razorpay = (mod as unknown as { default: new (o: object) => unknown }).default;
      return new Razorpay({ key_id: keyId, key_secret: keySecret }) as never;
    });
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder> {
    try {
      const rzp = await this.client;
      const order = await rzp.orders.create({ amount: input.amountPaise, currency: 'INR', receipt: input.receipt, notes: input.notes });
      return { id: order.id, amount: Number(order.amount), currency: 'INR' };
    } catch {
      throw new ShopError('PAYMENT_PROVIDER_ERROR');
    }
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    try {
      const rzp = await this.client;
      const { items } = await rzp.orders.fetchPayments(providerOrderId);
      return items.map(toProviderPayment);
    } catch {
      throw new ShopError('PAYMENT_PROVIDER_ERROR');
    }
  }

  async refundPayment(input: { paymentId: string; amountPaise: number; notes: Record<string, string> }): Promise<{ id: string }> {
    try {
      const rzp = await this.client;
      const refund = await rzp.payments.refund(input.paymentId, { amount: input.amountPaise, speed: 'normal', notes: input.notes });
      return { id: refund.id };
    } catch {
      throw new ShopError('PAYMENT_PROVIDER_ERROR');
    }
  }
}

export function toProviderPayment(p: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: p.id,
    orderId: p.order_id,
    amount: Number(p.amount),
    currency: p.currency ?? 'INR',
    status: p.status,
    errorCode: p.error_code ?? null,
    errorReason: p.error_reason ?? null,
    errorDescription: p.error_description ?? null,
  };
}

const razorpayProviders = new WeakMap<Config, PaymentProvider>();
const sandboxProviders = new WeakMap<Database, SandboxProvider>();

/** The configured provider: one Razorpay client per configuration; the sandbox keeps its payments in `database`. */
export function paymentProviderFor(config: Config, database: Database): PaymentProvider {
  if (config.payments.provider === 'razorpay') {
    let provider = razorpayProviders.get(config);
    if (!provider) {
      provider = new RazorpayProvider(config.payments.keyId, config.payments.keySecret);
      razorpayProviders.set(config, provider);
    }
    return provider;
  }
  let sandbox = sandboxProviders.get(database);
  if (!sandbox) {
    sandbox = new SandboxProvider(database);
    sandboxProviders.set(database, sandbox);
  }
  return sandbox;
}
