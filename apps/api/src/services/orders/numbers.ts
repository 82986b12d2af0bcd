import crypto from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'; // no 0/O, 1/I/L: read over the phone

/** Our order number: FW-YYMM-XXXXXX (e.g. FW-2611-8K3D9Q), random, in Indian time. */
export function newOrderNumber(now = new Date()): string {
  const ist = new Date(now.getTime() + 5.5 * 60 * 60 * 1000);
  const yymm = `${String(ist.getUTCFullYear() % 100).padStart(2, '0')}${String(ist.getUTCMonth() + 1).padStart(2, '0')}`;
  const bytes = crypto.randomBytes(6);
  let tail = '';
  for (const b of bytes) tail += ALPHABET[b % ALPHABET.length];
  return `FW-${yymm}-${tail}`;
}

export const ORDER_NUMBER_PATTERN = /^FW-\d{4}-[2-9A-HJKMNP-Z]{6}$/;
