import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n';
import { POLICY_FACTS } from '../../lib/policies';

/** The policy facts the landing page quotes. */
export type HomeFact = 'processing' | 'deliveryMetros' | 'deliveryElsewhere' | 'cancellationWindow' | 'defectReportWindow';

/**
 * Each fact's wording around its number, in the catalogue: English reads exactly as the domain's `POLICY_FACTS`
 * (a test holds them equal), Hindi as a customer says it ("1–2 कामकाजी दिन", "24 घंटे").
 */
const FACT_WORDING: Record<HomeFact, MessageDescriptor> = {
  processing: msg({ message: '{days} business days' }),
  deliveryMetros: msg({ message: '{days} business days' }),
  deliveryElsewhere: msg({ message: '{days} business days' }),
  cancellationWindow: msg({ message: '{hours} hours' }),
  defectReportWindow: msg({ message: '{days} days of delivery' }),
};

/** The number or range a fact starts with ('1–2', '24'). */
const LEADING_NUMBER = /^(\d+(?:\s?[–-]\s?\d+)?) /;

function numberOf(fact: HomeFact): string {
  const found = LEADING_NUMBER.exec(POLICY_FACTS[fact]);
  if (!found?.[1]) throw new Error(`POLICY_FACTS.${fact} does not start with a number: ${POLICY_FACTS[fact]}`);
  return found[1];
}

/** A policy fact in the active language, built from the domain's number. */
export function homeFact(fact: HomeFact): string {
  const value = numberOf(fact);
  const wording: MessageDescriptor = { ...FACT_WORDING[fact], values: { days: value, hours: value } };
  return i18n._(wording);
}

const HOME_FACTS = Object.keys(FACT_WORDING) as HomeFact[];

/** Every fact the landing page quotes, in the active language, as values for its messages. */
export function homeFacts(): Record<HomeFact, string> & { paymentProvider: string } {
  const facts = Object.fromEntries(HOME_FACTS.map((fact) => [fact, homeFact(fact)])) as Record<HomeFact, string>;
  return { ...facts, paymentProvider: POLICY_FACTS.paymentProvider };
}
