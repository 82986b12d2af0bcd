import type { PluginOption } from 'vite';

export function reactWithLingui(options?: { include?: RegExp }): PluginOption[];
