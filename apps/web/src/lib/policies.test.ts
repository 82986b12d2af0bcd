import { PRINT_MINIMUM_PPI_STEPS } from '@framewala/domain';
import { describe, expect, it } from 'vitest';
import { compilePageMarkdown } from '../../scripts/page-markdown.mjs';
import { ALL_INFO_PAGES, fillFacts, INFO_PAGES, POLICY_FACTS } from './policies';

/** The Markdown files as written, before compiling. */
const SOURCES = import.meta.glob<string>('../content/policies/*.md', { query: '?raw', import: 'default', eager: true });
const sources = Object.entries(SOURCES).map(([file, text]) => ({ file: file.replace('../content/policies/', ''), text }));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('information pages from Markdown', () => {
  it('has one Markdown file per page, and every page has sections', () => {
    expect(sources.map((s) => s.file).sort()).toEqual(
      Object.keys(INFO_PAGES)
        .map((id) => `${id}.md`)
        .sort(),
    );
    for (const page of ALL_INFO_PAGES) {
      expect(page.sections.length, page.id).toBeGreaterThan(0);
      expect(new Set(page.sections.map((s) => s.id)).size, `${page.id}: anchors are unique`).toBe(page.sections.length);
    }
  });

  it('fills every placeholder from POLICY_FACTS', () => {
    const text = JSON.stringify(ALL_INFO_PAGES);
    expect(text).not.toContain('{{');
    expect(text).toContain(`Within ${POLICY_FACTS.cancellationWindow} of ordering`);
    expect(INFO_PAGES['privacy-policy'].summary).toContain(`delete your photos after ${POLICY_FACTS.photoRetention}.`);
  });

  it('refuses a placeholder the domain does not know', () => {
    expect(() => fillFacts('Refunds in {{refundTme}}.', 'shipping-policy.md')).toThrow('shipping-policy.md: unknown fact {{refundTme}}');
    expect(fillFacts('Refunds in {{ refundTime }}.', 'x.md')).toBe(`Refunds in ${POLICY_FACTS.refundTime}.`);
  });

  it.each(sources)('$file types no policy fact literally: it uses the {{placeholder}}', ({ text }) => {
    for (const [name, value] of Object.entries(POLICY_FACTS)) {
      expect(text, `write {{${name}}} instead of "${value}"`).not.toMatch(new RegExp(`(^|\\W)${escape(value)}(\\W|$)`));
    }
    for (const { minimumPpi } of PRINT_MINIMUM_PPI_STEPS) {
      expect(text, `write {{qualityThresholdPpi}} instead of ${minimumPpi} ppi`).not.toMatch(
        new RegExp(`\\b${minimumPpi}\\s*(ppi|pixels per inch)`, 'i'),
      );
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
