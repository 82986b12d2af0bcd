/** The failed payment's details, handed from the checkout to /cancel through sessionStorage (read with zod). */
import { z } from 'zod';

export const PAYMENT_ERROR_KEY = 'framewala.paymentError';

const storedPaymentErrorSchema = z.object({ code: z.string(), description: z.string(), reason: z.string() });
export type StoredPaymentError = z.infer<typeof storedPaymentErrorSchema>;

export function storePaymentError(error: Partial<StoredPaymentError>): void {
  const value: StoredPaymentError = { code: error.code ?? '', description: error.description ?? '', reason: error.reason ?? '' };
  try {
    window.sessionStorage.setItem(PAYMENT_ERROR_KEY, JSON.stringify(value));
  } catch {
    // storage disabled: /cancel falls back to the order's recorded failure
  }
}

export function readPaymentError(): StoredPaymentError | null {
  try {
    const raw = window.sessionStorage.getItem(PAYMENT_ERROR_KEY);
    if (!raw) return null;
    const parsed = storedPaymentErrorSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
