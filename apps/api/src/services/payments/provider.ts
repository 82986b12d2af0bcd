import crypto from 'node:crypto';
import { ShopError } from '@framewala/domain';
import type { Config } from '../../config/env';

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
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-looking id: prefix + 14 random base62 characters ('order_IEIaMR65cu6nz3'). */
export function randomProviderId(prefix: 'order' | 'pay' | 'evt'): string {
  const bytes = crypto.randomBytes(14);
  let out = '';
  for (const b of bytes) out += ID_ALPHABET[b % ID_ALPHABET.length];
  return `${prefix}_${out}`;
}

/**
 * The sandbox: orders are made locally; payments are made by POST /api/sandbox/pay and remembered here (this
 * process only) so that reconciliation can ask about them like it asks Razorpay.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly paymentsByOrder = new Map<string, ProviderPayment[]>();

  async createOrder(input: { amountPaise: number }): Promise<ProviderOrder> {
    return { id: randomProviderId('order'), amount: input.amountPaise, currency: 'INR' };
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    return [...(this.paymentsByOrder.get(providerOrderId) ?? [])];
  }

  /** Records a sandbox payment (called by the sandbox checkout). */
  record(payment: ProviderPayment): void {
    const list = this.paymentsByOrder.get(payment.orderId) ?? [];
    list.push(payment);
    this.paymentsByOrder.set(payment.orderId, list);
  }
}

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number | string;
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
}

export function toProviderPayment(p: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: p.id,
    orderId: p.order_id,
    amount: Number(p.amount),
    status: p.status,
    errorCode: p.error_code ?? null,
    errorReason: p.error_reason ?? null,
    errorDescription: p.error_description ?? null,
  };
}

const providers = new WeakMap<object, PaymentProvider>();

/** One provider per configuration object (so the sandbox's memory is shared by the app's routes and jobs). */
export function paymentProviderFor(config: Config): PaymentProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider =
      config.payments.provider === 'razorpay'
        ? new RazorpayProvider(config.payments.keyId, config.payments.keySecret)
        : new SandboxProvider();
    providers.set(config, provider);
  }
  return provider;
}
