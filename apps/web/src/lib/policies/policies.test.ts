import { LOCALES, POLICY_NUMBERS, PRINT_MINIMUM_PPI_STEPS, type Locale } from '@framewala/domain';
import { describe, expect, it } from 'vitest';
import { compilePageMarkdown } from '../../../scripts/page-markdown.mjs';
import { ALL_INFO_PAGE_IDS, fillFacts, infoPageFile, infoPageNavLabel, loadInfoPage, POLICY_FACTS } from './policies';
import { POLICY_FACTS_BY_LOCALE, policyFacts } from './policy-facts';

/** The Markdown files as written, before compiling: English in content/policies, other languages in a folder each. */
const SOURCES = import.meta.glob<string>(['../../content/policies/*.md', '../../content/policies/*/*.md'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sources = Object.entries(SOURCES).map(([file, text]) => ({ file: file.replace('../../content/policies/', ''), text }));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([A-Za-z]+)\s*\}\}/g)].map((match) => match[1]).sort();
const anchors = (text: string) => [...text.matchAll(/\{#([a-z0-9-]+)\}/g)].map((match) => match[1]);

const loadAll = (locale: Locale) => Promise.all(ALL_INFO_PAGE_IDS.map((id) => loadInfoPage(id, locale)));

describe('information pages from Markdown', () => {
  it.each(LOCALES)('has one Markdown file per page in %s, and every page has sections', async (locale) => {
    const folder = locale === 'en' ? '' : `${locale}/`;
    const files = sources.filter((s) => (locale === 'en' ? !s.file.includes('/') : s.file.startsWith(folder))).map((s) => s.file);
    expect(files.sort()).toEqual(ALL_INFO_PAGE_IDS.map((id) => `${folder}${id}.md`).sort());
    for (const page of await loadAll(locale)) {
      expect(page.locale).toBe(locale);
      expect(page.sections.length, page.id).toBeGreaterThan(0);
      expect(new Set(page.sections.map((s) => s.id)).size, `${page.id}: anchors are unique`).toBe(page.sections.length);
    }
  });

  it('has no Markdown file in a folder that is not a language', () => {
    for (const { file } of sources.filter((s) => s.file.includes('/'))) {
      expect(LOCALES, file).toContain(file.split('/')[0]);
    }
  });

  it.each(ALL_INFO_PAGE_IDS)('%s: every language keeps the English anchors and placeholders', (id) => {
    const english = SOURCES[infoPageFile(id, 'en')]!;
    for (const locale of LOCALES) {
      const text = SOURCES[infoPageFile(id, locale)]!;
      expect(anchors(text), `${locale}: section anchors`).toEqual(anchors(english));
      expect(placeholders(text), `${locale}: {{placeholders}}`).toEqual(placeholders(english));
    }
  });

  it('fills every placeholder from the facts in the page’s language', async () => {
    const english = JSON.stringify(await loadAll('en'));
    expect(english).not.toContain('{{');
    expect(english).toContain(`Within ${POLICY_FACTS.cancellationWindow} of ordering`);
    const privacy = await loadInfoPage('privacy-policy', 'en');
    expect(privacy.summary).toContain(`delete your photos after ${POLICY_FACTS.photoRetention}.`);

    const hi = policyFacts('hi');
    const hindi = JSON.stringify(await loadAll('hi'));
    expect(hindi).not.toContain('{{');
    expect(hindi).toContain(`ऑर्डर करने के ${hi.cancellationWindow} के अंदर`);
    expect(hindi).toContain('ऑर्डर करने के 24 घंटे के अंदर');
    expect((await loadInfoPage('privacy-policy', 'hi')).summary).toContain(`${hi.photoRetention} बाद आपकी फ़ोटो हटा देते हैं।`);
    expect(hindi, 'no English fact in a Hindi page').not.toMatch(/business days|working days|\bhours\b|of delivery/);
  });

  it('gives the same promise the same page once loaded, and every page’s link label', async () => {
    expect(loadInfoPage('about-us', 'hi')).toBe(loadInfoPage('about-us', 'hi'));
    for (const locale of LOCALES) {
      for (const page of await loadAll(locale)) expect(infoPageNavLabel(page.id, locale)).toBe(page.navLabel);
    }
    expect(infoPageNavLabel('privacy-policy', 'hi')).toBe('गोपनीयता नीति');
  });

  it.each(LOCALES)('refuses a placeholder the domain does not know (%s)', (locale) => {
    expect(() => fillFacts('Refunds in {{refundTme}}.', 'shipping-policy.md', locale)).toThrow(
      'shipping-policy.md: unknown fact {{refundTme}}',
    );
    expect(fillFacts('Refunds in {{ refundTime }}.', 'x.md', locale)).toBe(`Refunds in ${policyFacts(locale).refundTime}.`);
  });

  it.each(sources)('$file types no policy fact literally: it uses the {{placeholder}}', ({ text }) => {
    for (const locale of LOCALES) {
      for (const [name, value] of Object.entries(POLICY_FACTS_BY_LOCALE[locale])) {
        expect(text, `write {{${name}}} instead of "${value}"`).not.toMatch(new RegExp(`(^|\\W)${escape(value)}(\\W|$)`));
      }
    }
    for (const { minimumPpi } of PRINT_MINIMUM_PPI_STEPS) {
      expect(text, `write {{qualityThresholdPpi}} instead of ${minimumPpi} ppi`).not.toMatch(
        new RegExp(`\\b${minimumPpi}\\s*(ppi|pixels per inch|पिक्सल)`, 'i'),
      );
    }
  });
});

describe('policy facts in Hindi', () => {
  it('are built from the domain’s numbers and read as Hindi', () => {
    const hi = policyFacts('hi');
    expect(hi).toMatchObject({
      effectiveDate: '12 मई 2025',
      effectiveDateIso: POLICY_NUMBERS.effectiveDateIso,
      processing: '1–2 कामकाजी दिन',
      deliveryMetros: '3–5 कामकाजी दिन',
      cancellationWindow: `${POLICY_NUMBERS.cancellationWindowHours} घंटे`,
      defectReportWindow: 'डिलीवरी के 7 दिन',
      photoRetention: `${POLICY_NUMBERS.photoRetentionDays} दिन`,
      paymentProvider: POLICY_FACTS.paymentProvider,
    });
    for (const { minimumPpi } of PRINT_MINIMUM_PPI_STEPS) expect(hi.qualityThresholdPpi).toContain(`${minimumPpi}`);
    const sameInBoth = ['effectiveDateIso', 'minimumAge', 'paymentProvider'];
    for (const [name, value] of Object.entries(hi)) {
      if (!sameInBoth.includes(name)) expect(value, name).not.toBe(POLICY_FACTS[name as keyof typeof POLICY_FACTS]);
    }
  });
});

describe('compilePageMarkdown', () => {
  const front = '---\ntitle: T\nnavLabel: N\nkind: policy\neffective: true\nsummary: S\n---\n';

  it('reads front matter and sections: paragraphs, one list, paragraphs after it', () => {
    const page = compilePageMarkdown(
      `${front}\n## 1. Refunds {#refunds}\n\nFirst.\n\n- one\n- two\n\nAfter.\n\n## Help {#help}\n\nAsk.\n`,
      'x.md',
    );
    expect(page).toMatchObject({ title: 'T', navLabel: 'N', kind: 'policy', effective: true, summary: 'S' });
    expect(page.sections).toEqual([
      { id: 'refunds', heading: '1. Refunds', paragraphs: ['First.'], list: ['one', 'two'], after: ['After.'] },
      { id: 'help', heading: 'Help', paragraphs: ['Ask.'] },
    ]);
  });

  it('refuses Markdown the page would not show, naming the file and line', () => {
    expect(() => compilePageMarkdown(`${front}\n## Refunds {#refunds}\n\nSome *emphasis*.\n`, 'x.md')).toThrow(
      'x.md:11: emphasis is not supported',
    );
    expect(() => compilePageMarkdown(`${front}\n## Refunds\n\nText.\n`, 'x.md')).toThrow('x.md:9: a section heading ends with its anchor');
    expect(() => compilePageMarkdown(`${front}\nText first.\n`, 'x.md')).toThrow('before the first "## " section heading');
    expect(() => compilePageMarkdown(`${front}\n## A {#a}\n\n1. one\n`, 'x.md')).toThrow('a second or numbered list');
    expect(() => compilePageMarkdown('## A {#a}\n\nText.\n', 'x.md')).toThrow('front matter');
  });
});
