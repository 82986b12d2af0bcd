import { msg } from '@lingui/core/macro';
import type { SandboxCard } from './api/payments';

/** The contract's two test cards (their labels are descriptors, said in the language shown). */
export const SANDBOX_CARDS = [
  { id: 'success', number: '4111 1111 1111 1111', label: msg`Payment succeeds` },
  { id: 'failure', number: '4000 0000 0000 0002', label: msg`Payment fails (card declined)` },
] as const;

export const digits = (value: string) => value.replace(/\D/g, '');

/** The card to send: a known test card by name, any other number as its digits. */
export function sandboxCardFor(number: string): SandboxCard | null {
  const typed = digits(number);
  if (typed.length < 12 || typed.length > 19) return null;
  const known = SANDBOX_CARDS.find((card) => digits(card.number) === typed);
  return known ? known.id : typed;
}
