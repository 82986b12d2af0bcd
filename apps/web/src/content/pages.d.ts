/** A page's Markdown, compiled at build time by scripts/page-markdown.mjs. */
declare module '*.md' {
  import type { PageMarkdown } from '../lib/policies/policies';
  const page: PageMarkdown;
  export default page;
}
