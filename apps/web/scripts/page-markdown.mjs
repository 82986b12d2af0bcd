// The information and policy pages are Markdown files (src/content/policies/*.md). This Vite plugin turns each one
// into a small JavaScript module at build time, so the browser gets the page's data and no Markdown parser.
//
// A file is YAML front matter (title, navLabel, kind, effective, summary, optional layout and highlights) and a
// body of sections: each `## Heading {#anchor}` starts one, followed by paragraphs, at most one bullet list, and
// paragraphs after the list. That is all the pages use, and anything else (emphasis, links, other heading levels,
// numbered lists…) is refused with the file and line, so no text is dropped in silence. Facts such as
// {{cancellationWindow}} stay placeholders here; src/lib/policies/policies.ts fills them from the facts in the page's language.
// A page in another language has the same name in a folder named after the language (src/content/policies/hi/).
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';

const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']);
const ANCHOR = /\s*\{#([a-z0-9-]+)\}$/;

/** Plain text of inline content; refuses inline Markdown the pages do not render. */
function inlineText(nodes, where) {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.value;
      throw new Error(`${where(node)}: ${node.type} is not supported in a page (plain text only)`);
    })
    .join('');
}

/**
 * @param {string} source the Markdown file's text
 * @param {string} file its path, for error messages
 * @returns {import('./page-markdown').PageMarkdown}
 */
export function compilePageMarkdown(source, file) {
  const tree = parser.parse(source);
  const where = (node) => `${file}:${node.position?.start.line ?? '?'}`;
  let front;
  const sections = [];
  for (const node of tree.children) {
    const section = sections.at(-1);
    if (node.type === 'yaml') {
      front = parseYaml(node.value);
    } else if (node.type === 'heading' && node.depth === 2) {
      const text = inlineText(node.children, where);
      const anchor = ANCHOR.exec(text);
      if (!anchor) throw new Error(`${where(node)}: a section heading ends with its anchor, as in "## Refunds {#refunds}"`);
      sections.push({ id: anchor[1], heading: text.slice(0, anchor.index) });
    } else if (!section) {
      throw new Error(`${where(node)}: text before the first "## " section heading`);
    } else if (node.type === 'paragraph') {
      const key = section.list ? 'after' : 'paragraphs';
      (section[key] ??= []).push(inlineText(node.children, where));
    } else if (node.type === 'list' && !node.ordered && !section.list) {
      section.list = node.children.map((item) => {
        if (item.children.length !== 1 || item.children[0].type !== 'paragraph') {
          throw new Error(`${where(item)}: a list item is one paragraph of plain text`);
        }
        return inlineText(item.children[0].children, where);
      });
    } else {
      throw new Error(`${where(node)}: ${node.type === 'list' ? 'a second or numbered list' : node.type} is not supported in a section`);
    }
  }
  if (!front || typeof front !== 'object') throw new Error(`${file}: the front matter (--- … ---) is missing`);
  for (const key of ['title', 'navLabel', 'kind', 'summary']) {
    if (typeof front[key] !== 'string') throw new Error(`${file}: front matter needs ${key}`);
  }
  if (!['policy', 'company'].includes(front.kind)) throw new Error(`${file}: kind is policy or company`);
  if (front.layout !== undefined && !['prose', 'cards'].includes(front.layout)) throw new Error(`${file}: layout is prose or cards`);
  if (sections.length === 0) throw new Error(`${file}: no "## " sections`);
  return { ...front, effective: front.effective === true, sections };
}

/** What links to a page need: its short label, without the page's text (`import nav from './x.md?nav'`). */
export function pageNav(page) {
  return { navLabel: page.navLabel };
}

/**
 * Vite plugin: `import page from './x.md'` gives the compiled page; `import nav from './x.md?nav'` only its label for
 * links (src/lib/policies/policies.ts loads every page's label with the footer, and a page's text only with its route).
 */
export function pageMarkdown() {
  return {
    name: 'framewala-page-markdown',
    enforce: 'pre',
    transform(code, id) {
      const nav = id.endsWith('.md?nav');
      // `x.md?raw` and other queries keep Vite's own handling.
      if (!id.endsWith('.md') && !nav) return null;
      const page = compilePageMarkdown(code, nav ? id.slice(0, -'?nav'.length) : id);
      return { code: `export default ${JSON.stringify(nav ? pageNav(page) : page)};\n`, map: null };
    },
  };
}
