import type { Plugin } from 'vite';
import type { PageMarkdown, PageNav } from '../src/lib/policies';

export type { PageMarkdown, PageNav };
export function compilePageMarkdown(source: string, file: string): PageMarkdown;
export function pageNav(page: PageMarkdown): PageNav;
export function pageMarkdown(): Plugin;
