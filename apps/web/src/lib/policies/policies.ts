/**
 * Framewala's information and policy pages, rendered by `features/info/info-page.tsx`. Their texts are Markdown files
 * in `src/content/policies/` (English) and `src/content/policies/<language>/` (the same names, e.g. `hi/`), compiled
 * at build time (scripts/page-markdown.mjs). Every fact they promise is written there as a placeholder such as
 * `{{cancellationWindow}}` and filled here from the facts in the page's language (`policy-facts.ts`), so a fact
 * changes on every page at once; an unknown placeholder stops the page from loading.
 *
 * A page's text is loaded when its route renders (`loadInfoPage`), so no page carries the texts of the others or of
 * another language; links to the pages (footer, page lists) need only their labels, which come with this module.
 */
import { DEFAULT_LOCALE, localeOfTag, type Locale } from '@framewala/domain';
import { useLingui } from '@lingui/react';
import { policyFacts, type PolicyFactName, type PolicyFacts } from './policy-facts';

export { POLICY_FACTS } from '@framewala/domain';

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

/** What links to a page need (`x.md?nav`). */
export type PageNav = Pick<PageMarkdown, 'navLabel'>;

export const COMPANY_PAGE_IDS = ['about-us', 'our-promises'] as const;
export const POLICY_PAGE_IDS = [
  'shipping-policy',
  'cancellations-refunds',
  'terms-and-conditions',
  'privacy-policy',
  'gdpr-compliance-policy',
  'disclaimer-policy',
] as const;
/** Every static information page, in footer order. */
export const ALL_INFO_PAGE_IDS = [...COMPANY_PAGE_IDS, ...POLICY_PAGE_IDS] as const;

export type InfoPageId = (typeof ALL_INFO_PAGE_IDS)[number];

export type InfoPageContent = PageMarkdown & {
  id: InfoPageId;
  /** Canonical path of the page. */
  path: `/${InfoPageId}`;
  /** The language of its text. */
  locale: Locale;
};

export type InfoPageLink = { id: InfoPageId; path: `/${InfoPageId}`; label: string };

/** The Markdown file of a page in a language, as the globs below name it. */
export function infoPageFile(id: InfoPageId, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `../../content/policies/${id}.md` : `../../content/policies/${locale}/${id}.md`;
}

// Each page in each language is its own module, loaded on demand; the labels of all of them load with this module.
const MARKDOWN = import.meta.glob<PageMarkdown>(['../../content/policies/*.md', '../../content/policies/*/*.md'], { import: 'default' });
const NAV = import.meta.glob<PageNav>(['../../content/policies/*.md', '../../content/policies/*/*.md'], {
  query: '?nav',
  import: 'default',
  eager: true,
});

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** Replaces every `{{name}}` with the fact in a language (English by default); a name the domain does not know is an error. */
export function fillFacts(text: string, where: string, locale: Locale = DEFAULT_LOCALE): string {
  const facts: PolicyFacts = policyFacts(locale);
  return text.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(facts, name)) throw new Error(`${where}: unknown fact {{${name}}} (not in POLICY_FACTS)`);
    return facts[name as PolicyFactName];
  });
}

/** A compiled page with its facts filled in, in its language. */
export function infoPage(id: InfoPageId, markdown: PageMarkdown, locale: Locale): InfoPageContent {
  const fill = (text: string) => fillFacts(text, infoPageFile(id, locale).replace('../../content/policies/', ''), locale);
  const fillAll = (texts?: string[]) => texts?.map(fill);
  return {
    ...markdown,
    id,
    path: `/${id}`,
    locale,
    title: fill(markdown.title),
    navLabel: fill(markdown.navLabel),
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

const loads = new Map<string, Promise<InfoPageContent>>();

/**
 * A page in a language, loading its module the first time. The same promise is returned while it is in use, so a
 * component can hand it to React's `use` and render at once once loaded; a failed load is forgotten, to be retried.
 */
export function loadInfoPage(id: InfoPageId, locale: Locale): Promise<InfoPageContent> {
  const file = infoPageFile(id, locale);
  let loading = loads.get(file);
  if (!loading) {
    const load = MARKDOWN[file];
    if (!load) return Promise.reject(new Error(`No ${locale} text for the page ${id} (${file})`));
    loading = load().then(
      (markdown) => infoPage(id, markdown, locale),
      (error: unknown) => {
        loads.delete(file);
        throw error;
      },
    );
    loads.set(file, loading);
  }
  return loading;
}

/** A page's short label in a language, for links. */
export function infoPageNavLabel(id: InfoPageId, locale: Locale): string {
  const nav = NAV[infoPageFile(id, locale)];
  if (!nav) throw new Error(`No ${locale} text for the page ${id}`);
  return fillFacts(nav.navLabel, `${id}.md`, locale);
}

/** Links to pages, labelled in a language. */
export function infoPageLinks(ids: readonly InfoPageId[], locale: Locale): InfoPageLink[] {
  return ids.map((id) => ({ id, path: `/${id}`, label: infoPageNavLabel(id, locale) }));
}

/** The active language, re-rendering the component when it changes. */
export function useActiveLocale(): Locale {
  const { i18n } = useLingui();
  return localeOfTag(i18n.locale ?? '') ?? DEFAULT_LOCALE;
}

/** Links to pages in the active language. */
export function useInfoPageLinks(ids: readonly InfoPageId[]): InfoPageLink[] {
  return infoPageLinks(ids, useActiveLocale());
}
