/**
 * 'Make payment', shared by every checkout source: create-order with an idempotency key (or, for an order already
 * made, its own provider order), then Razorpay (or the sandbox dialog in development), then verify-payment and
 * /success, or /cancel with the provider's reason.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAYMENT_VERIFIED_MESSAGE, type CartOrderBody, type CreateOrderBody, type SavedAddress } from '@framewala/domain';
import { isApiError } from '../../lib/api';
import type { SessionUser } from '../../lib/auth';
import {
  createOrder,
  fetchPaymentConfig,
  sandboxPay,
  verifyPayment,
  type CreatedOrder,
  type PaymentFailure,
  type PaymentSuccess,
  type SandboxCard,
} from './api/payments';
import { storePaymentError } from './payment-error';
import { loadRazorpay, openRazorpay } from './razorpay';

/** Why the payment did not start: the error itself, said in the language shown when it is rendered. */
export type Problem = { error: unknown; amountPaise?: number; addressMissing?: boolean };

/** A notice after the customer closed a payment window: nothing was charged. */
export type PaymentNotice = 'window-closed' | 'sandbox-cancelled';

type SandboxState = { order: CreatedOrder };

/**
 * What is paid: a new order made from a create-order body (a changed body is a new attempt, with a new idempotency
 * key), or an order already made, paid again through its own provider order (Razorpay takes several attempts at one
 * order until one is captured): nothing new is created.
 */
export type PaymentTarget = { create: CreateOrderBody | CartOrderBody } | { existing: CreatedOrder };

export type PaymentOptions = {
  user: SessionUser;
  target: PaymentTarget;
  description: string;
  /** Who pays, for the payment window's contact: the saved address, or the order's. */
  address: Pick<SavedAddress, 'fullName' | 'email' | 'phone'> | null | undefined;
  /** The order create-order made, before its payment window opens. */
  onCreated?: (order: CreatedOrder) => void;
  /** After a verified payment, before going to /success. */
  onPaid: () => void;
  /** The server's price differs (409): reload what the figures come from. */
  onPriceChanged: () => void;
};

/** The payment of one checkout: its state, and the actions its buttons and the sandbox dialog call. */
export function usePayment({ user, target, description, address, onCreated, onPaid, onPriceChanged }: PaymentOptions) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<PaymentNotice | null>(null);
  const [sandbox, setSandbox] = useState<SandboxState | null>(null);
  const inFlight = useRef(false);

  // One key per attempt: the same order body keeps its key (a retry or a double click gives one order); a changed
  // body (another quantity, a corrected price) is a new attempt.
  const bodyText = JSON.stringify(target);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  if (attempt.current?.body !== bodyText) attempt.current = { body: bodyText, key: newIdempotencyKey() };

  const finishPaid = async (order: CreatedOrder, payment: PaymentSuccess) => {
    let ok = false;
    // No description of our own: /cancel says it for the code, in the language it is shown in.
    let failure: PaymentFailure = { code: 'PAYMENT_NOT_VERIFIED', description: '', reason: 'verification_failed' };
    try {
      const verified = await verifyPayment(payment);
      ok = verified.message === PAYMENT_VERIFIED_MESSAGE;
    } catch (error) {
      if (isApiError(error)) failure = { code: error.code, description: error.message, reason: 'verification_failed' };
    }
    if (ok) {
      onPaid();
      void navigate(`/success?order=${encodeURIComponent(order.orderId)}`);
    } else {
      finishFailed(order, failure);
    }
  };

  const finishFailed = (order: CreatedOrder, error: PaymentFailure) => {
    storePaymentError({
      code: error.code ?? 'PAYMENT_FAILED',
      description: error.description ?? '',
      reason: error.reason ?? 'payment_failed',
    });
    void navigate(`/cancel?order=${encodeURIComponent(order.orderId)}`);
  };

  const makePayment = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    const key = attempt.current!.key;
    try {
      let order: CreatedOrder;
      if ('existing' in target) {
        order = target.existing;
      } else {
        order = await createOrder(target.create, key);
        onCreated?.(order);
      }
      const config = await fetchPaymentConfig();
      if (config.provider === 'sandbox') {
        setSandbox({ order });
        return; // the dialog takes over; the button stays disabled while it is open
      }
      const Razorpay = await loadRazorpay();
      const addr = address;
      const outcome = await openRazorpay(Razorpay, {
        key: config.keyId,
        order_id: order.id,
        amount: order.amount,
        currency: order.currency,
        name: config.name,
        description,
        prefill: {
          name: `${user.firstName} ${user.lastName}`.trim() || (addr?.fullName ?? ''),
          email: user.email || (addr?.email ?? ''),
          contact: addr?.phone || user.mobileNumber,
        },
        notes: { orderNumber: order.orderId },
        theme: { color: config.themeColor },
      });
      if (outcome.kind === 'paid') await finishPaid(order, outcome.payment);
      else if (outcome.kind === 'failed') finishFailed(order, outcome.error);
      else setNotice('window-closed');
      if (outcome.kind === 'dismissed') {
        inFlight.current = false;
        setBusy(false);
      }
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      if (isApiError(error) && error.status === 401) return; // on the way to sign in
      if (isApiError(error) && error.code === 'PRICE_MISMATCH') {
        const amount = error.details.amount;
        setProblem({ error, amountPaise: typeof amount === 'number' ? amount : undefined });
        onPriceChanged();
        attempt.current = null;
        return;
      }
      if (isApiError(error) && error.status === 422 && (error.details.field === 'address' || /address/i.test(error.message))) {
        setProblem({ error, addressMissing: true });
        return;
      }
      setProblem({ error });
    }
  };

  const paySandbox = async (card: SandboxCard) => {
    const order = sandbox!.order;
    const result = await sandboxPay(order.id, card);
    if (result.ok) await finishPaid(order, result.payment);
    else finishFailed(order, result.error);
  };

  const closeSandbox = () => {
    setSandbox(null);
    inFlight.current = false;
    setBusy(false);
    setNotice('sandbox-cancelled');
  };

  return { busy, problem, notice, sandbox, makePayment, paySandbox, closeSandbox };
}

export type Payment = ReturnType<typeof usePayment>;

/** A fresh idempotency key for one checkout attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
