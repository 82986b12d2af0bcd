import crypto from 'node:crypto';
import { HOLD_PERIOD_MS, ShopError } from '@framewala/domain';
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
 * How the provider captures an order's payment: at once ('automatic', pay now), or only when the shop captures it
 * ('manual', pay on approval: the payment stays authorized, the money held, until captured or released).
 */
export type CaptureMode = 'automatic' | 'manual';

/** Minutes a manually captured payment may stay authorized before the provider releases it: the shop's hold period. */
export const MANUAL_EXPIRY_MINUTES = HOLD_PERIOD_MS / 60_000;

/**
 * Why the provider refused a capture or a release (the error's `details.providerReason`): the payment is unknown,
 * already captured, no longer authorized (released), or the amount is not the authorized one.
 */
export type ProviderRefusalReason = 'not_found' | 'already_captured' | 'not_authorized' | 'amount_mismatch';

export function providerRefusal(reason: ProviderRefusalReason, description: string): ShopError {
  return new ShopError('PAYMENT_PROVIDER_ERROR', description, { providerReason: reason });
}

/** The reason of a refusal made by {@link providerRefusal}; null for any other error (the provider did not answer). */
export function providerRefusalReason(err: unknown): ProviderRefusalReason | null {
  if (!(err instanceof ShopError) || err.code !== 'PAYMENT_PROVIDER_ERROR') return null;
  const reason = err.details?.providerReason;
  return reason === 'not_found' || reason === 'already_captured' || reason === 'not_authorized' || reason === 'amount_mismatch'
    ? reason
    : null;
}

/**
 * The payment provider: Razorpay in production, the sandbox in development and tests. Both go through the same
 * create-order, verify and webhook code; only these calls differ. Signatures are checked in signatures.ts.
 */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'sandbox';
  /** `capture` 'automatic' when missing. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
    capture?: CaptureMode;
  }): Promise<ProviderOrder>;
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Captures an authorized payment of exactly `amountPaise` (the authorized amount: the provider refuses any other).
   * Refusals come as {@link providerRefusal}: already captured, released, unknown, another amount.
   */
  capturePayment(input: { paymentId: string; amountPaise: number }): Promise<ProviderPayment>;
  /**
   * Lets an authorized payment go uncaptured. Resolves to true when the money is back with the customer now, false
   * when the provider gives it back itself at the end of the hold (Razorpay: no capture is ever made, and it refunds
   * the authorization when its manual expiry period ends). A captured payment is refused (it needs a refund).
   */
  releasePayment(input: { paymentId: string }): Promise<{ releasedNow: boolean }>;
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

interface SandboxPaymentRow {
  id: string;
  order_id: string;
  amount: string;
  currency: string;
  status: string;
  error_code: string | null;
  error_reason: string | null;
  error_description: string | null;
}

const SANDBOX_PAYMENT_COLUMNS = `id, order_id, amount, 'INR' AS currency, status, error_code, error_reason, error_description`;

function sandboxPayment(r: SandboxPaymentRow): ProviderPayment {
  return {
    id: r.id,
    orderId: r.order_id,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status,
    errorCode: r.error_code,
    errorReason: r.error_reason,
    errorDescription: r.error_description,
  };
}

/**
 * The sandbox: orders are made locally; payments are made by POST /api/sandbox/pay and kept where every server and
 * worker sees them — `payment_sandbox.orders` and `payment_sandbox.payments` in the shop's PostgreSQL, standing in
 * for Razorpay's own records — so that reconciliation on any process can ask about them like it asks Razorpay. The
 * tables are the simulated provider's, not the shop's: they are created on first use, only where the sandbox runs
 * (never in production), outside the migrations. docs/decisions/030-sandbox-payments-in-postgres.md.
 *
 * Like Razorpay, an order created with manual capture leaves its payment `authorized` until it is captured (exactly
 * the authorized amount, once) or released; an authorized payment not captured within the hold period is released
 * (status `refunded`, as Razorpay shows an expired authorization). The sandbox's clock (`setClock`) is the one
 * tests move to reach the end of a hold.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private ready: Promise<void> | undefined;
  private clock: () => Date = () => new Date();

  constructor(private readonly database: Database) {}

  /** The sandbox's time: holds end by it. Tests move it forward; `setClock()` puts back the real clock. */
  setClock(clock?: () => Date): void {
    this.clock = clock ?? (() => new Date());
  }

  now(): Date {
    return this.clock();
  }

  async createOrder(input: { amountPaise: number; capture?: CaptureMode }): Promise<ProviderOrder> {
    await this.ensureTable();
    const id = randomProviderId('order');
    await this.database.pool.query(`INSERT INTO ${SANDBOX_ORDERS} (id, amount, capture) VALUES ($1, $2, $3)`, [
      id,
      input.amountPaise,
      input.capture ?? 'automatic',
    ]);
    return { id, amount: input.amountPaise, currency: 'INR' };
  }

  /** How a sandbox order's payments are captured; 'automatic' for an order the sandbox did not record (older ones). */
  async captureModeOf(providerOrderId: string): Promise<CaptureMode> {
    await this.ensureTable();
    const { rows } = await this.database.pool.query<{ capture: string }>(`SELECT capture FROM ${SANDBOX_ORDERS} WHERE id = $1`, [
      providerOrderId,
    ]);
    return rows[0]?.capture === 'manual' ? 'manual' : 'automatic';
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    await this.releaseExpiredHolds();
    const { rows } = await this.database.pool.query<SandboxPaymentRow>(
      `SELECT ${SANDBOX_PAYMENT_COLUMNS} FROM ${SANDBOX_PAYMENTS} WHERE order_id = $1 ORDER BY seq`,
      [providerOrderId],
    );
    return rows.map(sandboxPayment);
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    await this.releaseExpiredHolds();
    const { rows } = await this.database.pool.query<SandboxPaymentRow>(
      `SELECT ${SANDBOX_PAYMENT_COLUMNS} FROM ${SANDBOX_PAYMENTS} WHERE id = $1`,
      [paymentId],
    );
    if (!rows[0]) throw providerRefusal('not_found', 'The id provided does not exist');
    return sandboxPayment(rows[0]);
  }

  /** Captures like Razorpay: only an authorized payment (not released), only its whole amount, only once. */
  async capturePayment(input: { paymentId: string; amountPaise: number }): Promise<ProviderPayment> {
    await this.releaseExpiredHolds();
    const { rows } = await this.database.pool.query<SandboxPaymentRow>(
      `UPDATE ${SANDBOX_PAYMENTS} SET status = 'captured', captured_at = $3
        WHERE id = $1 AND status = 'authorized' AND amount = $2
        RETURNING ${SANDBOX_PAYMENT_COLUMNS}`,
      [input.paymentId, input.amountPaise, this.now()],
    );
    if (rows[0]) return sandboxPayment(rows[0]);
    const payment = await this.fetchPayment(input.paymentId);
    if (payment.status === 'captured') throw providerRefusal('already_captured', 'This payment has already been captured');
    if (payment.status !== 'authorized') {
      throw providerRefusal('not_authorized', 'Only payments which have been authorized and not yet captured can be captured');
    }
    throw providerRefusal('amount_mismatch', 'Capture amount must be equal to the amount authorized');
  }

  /** Gives an authorized payment back at once (status `refunded`); a released one stays so; a captured one is refused. */
  async releasePayment(input: { paymentId: string }): Promise<{ releasedNow: boolean }> {
    await this.releaseExpiredHolds();
    await this.database.pool.query(
      `UPDATE ${SANDBOX_PAYMENTS} SET status = 'refunded', released_at = $2 WHERE id = $1 AND status = 'authorized'`,
      [input.paymentId, this.now()],
    );
    const payment = await this.fetchPayment(input.paymentId);
    if (payment.status === 'captured') throw providerRefusal('already_captured', 'A captured payment is refunded, not released');
    return { releasedNow: true };
  }

  /**
   * Releases every authorized payment whose hold has ended by the sandbox's clock, as Razorpay does on its own;
   * answers the payments released now.
   */
  async releaseExpiredHolds(): Promise<ProviderPayment[]> {
    await this.ensureTable();
    const now = this.now();
    const { rows } = await this.database.pool.query<SandboxPaymentRow>(
      `UPDATE ${SANDBOX_PAYMENTS} SET status = 'refunded', released_at = $1
        WHERE status = 'authorized' AND authorized_at <= $2
        RETURNING ${SANDBOX_PAYMENT_COLUMNS}`,
      [now, new Date(now.getTime() - HOLD_PERIOD_MS)],
    );
    return rows.map(sandboxPayment);
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

  /**
   * Records a sandbox payment (called by the sandbox checkout, on whichever server it lands). An `authorized` one is
   * held from the sandbox's now.
   */
  async record(payment: ProviderPayment): Promise<void> {
    await this.ensureTable();
    await this.database.pool.query(
      `INSERT INTO ${SANDBOX_PAYMENTS} (id, order_id, amount, status, error_code, error_reason, error_description, authorized_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [
        payment.id,
        payment.orderId,
        payment.amount,
        payment.status,
        payment.errorCode,
        payment.errorReason,
        payment.errorDescription,
        payment.status === 'authorized' ? this.now() : null,
      ],
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
      // Holds (manual capture) came later: a sandbox table made before them gains their columns.
      for (const column of ['authorized_at', 'captured_at', 'released_at']) {
        await this.database.pool.query(`ALTER TABLE ${SANDBOX_PAYMENTS} ADD COLUMN IF NOT EXISTS ${column} timestamptz`);
      }
      await this.database.pool.query(`CREATE INDEX IF NOT EXISTS payments_order_id_idx ON ${SANDBOX_PAYMENTS} (order_id)`);
      await this.database.pool.query(
        `CREATE TABLE IF NOT EXISTS ${SANDBOX_ORDERS} (
           id text PRIMARY KEY,
           amount bigint NOT NULL,
           capture text NOT NULL,
           created_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
    }).catch((err: unknown) => {
      this.ready = undefined; // a database hiccup: the next call tries again
      throw err;
    });
    return this.ready;
  }
}

/** The sandbox provider's own orders (see SandboxProvider). */
export const SANDBOX_ORDERS = 'payment_sandbox.orders';
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

interface RazorpayClient {
  orders: {
    create(body: object): Promise<{ id: string; amount: number | string; currency: string }>;
    fetchPayments(id: string): Promise<{ items: RazorpayPaymentEntity[] }>;
  };
  payments: {
    fetch(paymentId: string): Promise<RazorpayPaymentEntity>;
    capture(paymentId: string, amount: number, currency: string): Promise<RazorpayPaymentEntity>;
    refund(paymentId: string, body: object): Promise<{ id: string }>;
  };
}

/** The SDK's error: the HTTP status and Razorpay's `error` body. */
interface RazorpayError {
  statusCode?: unknown;
  error?: { code?: unknown; description?: unknown };
}

/** Razorpay's refusal of a capture, sorted by its description (its codes are all BAD_REQUEST_ERROR). */
function captureRefusal(err: unknown): ShopError {
  const e = err as RazorpayError;
  const description = typeof e?.error?.description === 'string' ? e.error.description : '';
  if (e?.statusCode === 400 || e?.statusCode === 404) {
    if (/already been captured/i.test(description)) return providerRefusal('already_captured', description);
    if (/amount/i.test(description)) return providerRefusal('amount_mismatch', description);
    if (/does not exist/i.test(description)) return providerRefusal('not_found', description);
    if (description) return providerRefusal('not_authorized', description);
  }
  return new ShopError('PAYMENT_PROVIDER_ERROR');
}

/** Razorpay's Orders and Payments APIs through its SDK (tests run it against a local stand-in for api.razorpay.com). */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  private client: Promise<RazorpayClient>;

  /** `hostUrl` only for tests: the SDK always speaks to https://api.razorpay.com otherwise. */
  constructor(keyId: string, keySecret: string, options: { hostUrl?: string } = {}) {
    this.client = import('razorpay').then((mod) => {
      const Razorpay = (mod as unknown as { default: new (o: object) => unknown }).default;
      const client = new Razorpay({ key_id: keyId, key_secret: keySecret }) as { api?: { rq?: { defaults: { baseURL?: string } } } };
      if (options.hostUrl && client.api?.rq) client.api.rq.defaults.baseURL = options.hostUrl;
      return client as unknown as RazorpayClient;
    });
  }

  /**
   * A manual-capture order carries Razorpay's capture settings: `payment.capture` 'manual', and a manual expiry
   * period of the shop's hold (Razorpay refunds the authorization at its end), refunded at normal speed.
   */
  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
    capture?: CaptureMode;
  }): Promise<ProviderOrder> {
    try {
      const rzp = await this.client;
      const order = await rzp.orders.create({
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt,
        notes: input.notes,
        ...(input.capture === 'manual'
          ? { payment: { capture: 'manual', capture_options: { manual_expiry_period: MANUAL_EXPIRY_MINUTES, refund_speed: 'normal' } } }
          : {}),
      });
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

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const rzp = await this.client;
    try {
      return toProviderPayment(await rzp.payments.fetch(paymentId));
    } catch (err) {
      const e = err as RazorpayError;
      if (e?.statusCode === 400 || e?.statusCode === 404) throw providerRefusal('not_found', 'The id provided does not exist');
      throw new ShopError('PAYMENT_PROVIDER_ERROR');
    }
  }

  /** POST /v1/payments/:id/capture with the authorized amount in rupees. */
  async capturePayment(input: { paymentId: string; amountPaise: number }): Promise<ProviderPayment> {
    const rzp = await this.client;
    try {
      return toProviderPayment(await rzp.payments.capture(input.paymentId, input.amountPaise, 'INR'));
    } catch (err) {
      throw captureRefusal(err);
    }
  }

  /**
   * Razorpay has no call to let an authorization go: the shop never captures it, and Razorpay refunds it at the end of
   * the order's manual expiry period (the hold). A payment already captured is refused.
   */
  async releasePayment(input: { paymentId: string }): Promise<{ releasedNow: boolean }> {
    const payment = await this.fetchPayment(input.paymentId);
    if (payment.status === 'captured') throw providerRefusal('already_captured', 'A captured payment is refunded, not released');
    return { releasedNow: payment.status === 'refunded' };
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
