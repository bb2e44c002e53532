import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/build/precompress.mjs';
import { bundleBudget } from './scripts/bundle-budget.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const apiTarget = 'http://localhost:5000';

export default defineConfig(({ command }) => ({
  root: here('./web'),
  // The budget check fails the build when a route's first load outgrows its budget (scripts/bundle-budget.mjs).
  plugins: [react(), tailwindcss(), precompress(), bundleBudget()],
  resolve: {
    alias: [
      { find: '@contracts', replacement: here('./contracts') },
      // React Router's package points every bundler at its development build; the production build leaves out
      // the development warnings.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') }] : []),
    ],
  },
  build: {
    outDir: here('./web/dist'),
    emptyOutDir: true,
    // No inline scripts anywhere: the production CSP is script-src 'self'.
    assetsInlineLimit: 0,
    // Read by the bundle budget (scripts/bundle-budget.mjs); written under .vite/, which the server never serves.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Our own modules run nothing when imported but the CSS: a screen that imports one export of a barrel
        // (`@contracts`, a feature's index.ts) does not carry the rest (issue 14).
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: new RegExp(`^${escape(here('./contracts/'))}|^${escape(here('./web/'))}`), sideEffects: false, external: false },
        ],
        // A zod schema the screen does not use is dropped with its module's other unused exports.
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget },
      '/healthz': { target: apiTarget },
      '/readyz': { target: apiTarget },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget },
      '/healthz': { target: apiTarget },
      '/readyz': { target: apiTarget },
    },
  },
}));
