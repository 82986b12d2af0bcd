import type { PluginOption } from 'vite';

export function reactWithLingui(): PluginOption[];
