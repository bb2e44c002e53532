import type { Plugin } from 'vite';
export function entryPriority(): Plugin;
