/**
 * The facts the policies promise (cancellation window, delivery times, refund time…), in each of the shop's languages.
 * English is the domain's `POLICY_FACTS`; the other languages are written here from the same numbers
 * (`POLICY_NUMBERS`), so a changed rule changes every language at once. Each language must name every fact: a fact
 * the domain adds fails the typecheck until it is written here too.
 *
 * The Hindi facts are written to follow a postposition, as the pages use them: "{{cancellationWindow}} के अंदर" reads
 * "24 घंटे के अंदर", "{{defectReportWindow}} के अंदर" reads "डिलीवरी के 7 दिन के अंदर".
 */
import { LOCALE_TAGS, POLICY_FACTS, POLICY_NUMBERS, type Locale } from '@framewala/domain';
import { activeLocale } from '../i18n';

export type PolicyFactName = keyof typeof POLICY_FACTS;
export type PolicyFacts = Readonly<Record<PolicyFactName, string>>;

const N = POLICY_NUMBERS;
const range = ({ min, max }: { min: number; max: number }) => `${min}–${max}`;
/** A calendar date ('2025-05-12', read as UTC midnight) written out in a language: '12 मई 2025'. */
const longDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
const { upTo5x7, upTo8x10, below24, from24 } = N.qualityThresholdPpi;
/** A size in inches kept on one line: '8 × 10 इंच' with no-break spaces. */
const inches = (size: string) => `${size} इंच`.replace(/ /g, '\u00a0');

/* eslint-disable lingui/no-unlocalized-strings -- this map is the Hindi translation of the domain's English facts */
const HINDI: PolicyFacts = {
  effectiveDate: longDate(N.effectiveDateIso, 'hi'),
  effectiveDateIso: N.effectiveDateIso,
  processing: `${range(N.processingDays)} कामकाजी दिन`,
  deliveryMetros: `${range(N.deliveryMetrosDays)} कामकाजी दिन`,
  deliveryElsewhere: `${range(N.deliveryElsewhereDays)} कामकाजी दिन`,
  cancellationWindow: `${N.cancellationWindowHours} घंटे`,
  defectReportWindow: `डिलीवरी के ${N.defectReportDays} दिन`,
  photoProofWindow: `डिलीवरी के ${N.photoProofHours} घंटे`,
  refundTime: `${range(N.refundDays)} कामकाजी दिन`,
  grievanceReply: `${N.grievanceReplyDays} कामकाजी दिन`,
  photoRetention: `${N.photoRetentionDays} दिन`,
  minimumAge: `${N.minimumAge}`,
  qualityThresholdPpi: `साइज़ के हिसाब से तय न्यूनतम सीमा (${inches('5 × 7')} तक ${upTo5x7} पिक्सल प्रति इंच, ${inches('8 × 10')} पर ${upTo8x10}, ${inches('20')} तक ${below24}, ${inches('24')} से ${from24})`,
  paymentProvider: N.paymentProvider,
};
/* eslint-enable lingui/no-unlocalized-strings */

/** Every language's facts. */
export const POLICY_FACTS_BY_LOCALE: Readonly<Record<Locale, PolicyFacts>> = { en: POLICY_FACTS, hi: HINDI };

/** The facts in a language (the active one by default). */
export function policyFacts(locale: Locale = activeLocale()): PolicyFacts {
  return POLICY_FACTS_BY_LOCALE[locale];
}
