/**
 * Framewala's information and policy pages, rendered by `info-page.tsx`. Their texts are Markdown files in
 * `src/content/policies/`, compiled at build time (scripts/page-markdown.mjs). Every fact they promise is written
 * there as a placeholder such as `{{cancellationWindow}}` and filled here from the domain's `POLICY_FACTS`, so a fact
 * changes on every page at once; an unknown placeholder stops the page from loading.
 */
import { POLICY_FACTS } from '@framewala/domain';
import aboutUs from '../content/policies/about-us.md';
import cancellationsRefunds from '../content/policies/cancellations-refunds.md';
import disclaimerPolicy from '../content/policies/disclaimer-policy.md';
import gdprCompliancePolicy from '../content/policies/gdpr-compliance-policy.md';
import ourPromises from '../content/policies/our-promises.md';
import privacyPolicy from '../content/policies/privacy-policy.md';
import shippingPolicy from '../content/policies/shipping-policy.md';
import termsAndConditions from '../content/policies/terms-and-conditions.md';

export { POLICY_FACTS };

export type InfoSection = {
  /** Stable anchor for the in-page table of contents. */
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Paragraphs shown after the list. */
  after?: string[];
};

export type InfoHighlight = { label: string; value: string };

/** A page's Markdown file once compiled: front matter and sections, facts still as `{{name}}` placeholders. */
export type PageMarkdown = {
  title: string;
  /** Short label for footers and link lists. */
  navLabel: string;
  kind: 'policy' | 'company';
  /** Policies carry an effective date; company pages don't. */
  effective: boolean;
  summary: string;
  highlights?: InfoHighlight[];
  /** 'prose' (default): numbered sections with a table of contents; 'cards': a grid of short commitments. */
  layout?: 'prose' | 'cards';
  sections: InfoSection[];
};

export type InfoPageId =
  | 'terms-and-conditions'
  | 'privacy-policy'
  | 'cancellations-refunds'
  | 'shipping-policy'
  | 'gdpr-compliance-policy'
  | 'disclaimer-policy'
  | 'about-us'
  | 'our-promises';

export type InfoPageContent = PageMarkdown & {
  id: InfoPageId;
  /** Canonical path of the page. */
  path: `/${string}`;
};

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Replaces every `{{name}}` with `POLICY_FACTS[name]`; a name the domain does not know is an error. */
export function fillFacts(text: string, where: string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(POLICY_FACTS, name)) throw new Error(`${where}: unknown fact {{${name}}} (not in POLICY_FACTS)`);
    return POLICY_FACTS[name as keyof typeof POLICY_FACTS];
  });
}

function page(id: InfoPageId, markdown: PageMarkdown): InfoPageContent {
  const fill = (text: string) => fillFacts(text, `${id}.md`);
  const fillAll = (texts?: string[]) => texts?.map(fill);
  return {
    ...markdown,
    id,
    path: `/${id}`,
    title: fill(markdown.title),
    summary: fill(markdown.summary),
    highlights: markdown.highlights?.map((item) => ({ label: fill(item.label), value: fill(item.value) })),
    sections: markdown.sections.map((section) => ({
      ...section,
      heading: fill(section.heading),
      paragraphs: fillAll(section.paragraphs),
      list: fillAll(section.list),
      after: fillAll(section.after),
    })),
  };
}

export const INFO_PAGES: Record<InfoPageId, InfoPageContent> = {
  'terms-and-conditions': page('terms-and-conditions', termsAndConditions),
  'privacy-policy': page('privacy-policy', privacyPolicy),
  'cancellations-refunds': page('cancellations-refunds', cancellationsRefunds),
  'shipping-policy': page('shipping-policy', shippingPolicy),
  'gdpr-compliance-policy': page('gdpr-compliance-policy', gdprCompliancePolicy),
  'disclaimer-policy': page('disclaimer-policy', disclaimerPolicy),
  'about-us': page('about-us', aboutUs),
  'our-promises': page('our-promises', ourPromises),
};

export const COMPANY_PAGES: InfoPageContent[] = [INFO_PAGES['about-us'], INFO_PAGES['our-promises']];

export const POLICY_PAGES: InfoPageContent[] = [
  INFO_PAGES['shipping-policy'],
  INFO_PAGES['cancellations-refunds'],
  INFO_PAGES['terms-and-conditions'],
  INFO_PAGES['privacy-policy'],
  INFO_PAGES['gdpr-compliance-policy'],
  INFO_PAGES['disclaimer-policy'],
];

/** Every static information page, in footer order. */
export const ALL_INFO_PAGES: InfoPageContent[] = [...COMPANY_PAGES, ...POLICY_PAGES];
