import type { Plugin } from 'vite';
export function afterBuild(name: string, run: (outDir: string) => void): Plugin;
