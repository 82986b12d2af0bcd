/**
 * Razorpay checkout.js, loaded only when the customer pays (a script element added at that moment, never part of the
 * page until then), and opened with the shop's options (key, order id, amount, currency, name, description, prefill, theme).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n';
import type { PaymentFailure, PaymentSuccess } from './api/payments';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  image?: string;
  prefill: { name: string; email: string; contact: string };
  notes?: Record<string, string>;
  theme: { color: string };
  handler: (response: PaymentSuccess) => void;
  modal?: { ondismiss?: () => void; confirm_close?: boolean };
};

export type RazorpayInstance = {
  open: () => void;
  on: (event: 'payment.failed', callback: (response: { error: PaymentFailure }) => void) => void;
};

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** The payment window could not be opened: what to tell the customer, said in the language shown at the time. */
export class PaymentWindowError extends Error {
  constructor(readonly text: MessageDescriptor) {
    super(i18n._(text));
    this.name = 'PaymentWindowError';
  }
}

const NOT_STARTED = msg`Razorpay checkout did not start.`;
const NOT_LOADED = msg`We could not load the payment window. Please check your connection and try again.`;

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds the checkout.js script once and resolves with `window.Razorpay`; a failed load can be retried. */
export function loadRazorpay(doc: Document = document): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else {
        loading = null;
        reject(new PaymentWindowError(NOT_STARTED));
      }
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new PaymentWindowError(NOT_LOADED));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

/** For tests: forget a finished or failed load. */
export function resetRazorpayLoader(): void {
  loading = null;
}

export type RazorpayOutcome = { kind: 'paid'; payment: PaymentSuccess } | { kind: 'failed'; error: PaymentFailure } | { kind: 'dismissed' };

/** Opens the checkout and settles once: paid (handler), failed (`payment.failed`) or closed by the customer. */
export function openRazorpay(Razorpay: RazorpayConstructor, options: Omit<RazorpayOptions, 'handler' | 'modal'>): Promise<RazorpayOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: RazorpayOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      ...options,
      handler: (payment) => settle({ kind: 'paid', payment }),
      modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', (response) => settle({ kind: 'failed', error: response.error }));
    checkout.open();
  });
}
