import crypto from 'node:crypto';

/** HMAC-SHA256 hex digest, as Razorpay signs payments and webhooks. */
export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex strings; a different length (or non-hex) is simply false. */
export function safeEqualHex(expectedHex: string, givenHex: unknown): boolean {
  if (typeof givenHex !== 'string' || !/^[0-9a-f]+$/i.test(givenHex) || givenHex.length % 2 !== 0) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  if (a.length !== b.length) return false;
  return crypto.timingSafeEqual(a, b);
}

/** The checkout's payment signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(orderId: string, paymentId: string, signature: unknown, keySecret: string): boolean {
  return safeEqualHex(paymentSignature(orderId, paymentId, keySecret), signature);
}

/** A webhook's signature: HMAC-SHA256 of the raw body with the webhook secret. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}

export function verifyWebhookSignature(rawBody: string | Buffer, signature: unknown, webhookSecret: string): boolean {
  return safeEqualHex(webhookSignature(rawBody, webhookSecret), signature);
}
