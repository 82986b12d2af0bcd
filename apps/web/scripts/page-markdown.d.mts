import type { Plugin } from 'vite';
import type { PageMarkdown } from '../src/lib/policies';

export type { PageMarkdown };
export function compilePageMarkdown(source: string, file: string): PageMarkdown;
export function pageMarkdown(): Plugin;
