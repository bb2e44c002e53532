import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/build/precompress.mjs';
import { entryPriority } from './scripts/build/entry-priority.mjs';
import { bundleBudget } from './scripts/bundle-budget.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const apiTarget = 'http://localhost:5000';

export default defineConfig(({ command }) => ({
  root: here('./web'),
  // The budget check fails the build when a route's first load outgrows its budget (scripts/bundle-budget.mjs).
  plugins: [react(), tailwindcss(), entryPriority(), precompress(), bundleBudget()],
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
      output: {
        // The icon groups are named after every chunk that shares them; the file keeps only 'icons'.
        chunkFileNames: (chunk) => (chunk.name.startsWith('icons~') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          // A screen is a few requests, not thirty, on a phone's connection (issue 14): what the first load needs
          // is one chunk, and the icons the other screens share are a few chunks (grouped by the screens that use
          // them, small groups merged) instead of a chunk per icon shared by two screens.
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 3 },
            // What every signed-in screen runs first, in two chunks instead of sixteen (issue 30): the query
            // library with the session's own modules, and the small kit of cards, badges and formatters. On a phone's
            // connection each request is a round trip; the member dashboard's first wave went from 22 requests to 10
            // and its largest paint from 2.6 s to 2.2 s in `npm run bench -- web`. Kept apart so that the signed-out
            // screens which use the query library (signup) do not carry the kit's date formatting.
            {
              name: 'signed-in-query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]web[\\/](lib[\\/](mutation|query-client|poll)|features[\\/]account[\\/](current-user|session-switch|logout))\./,
              priority: 2,
            },
            {
              name: 'signed-in-kit',
              test: /[\\/]node_modules[\\/]date-fns[\\/]|[\\/]web[\\/](lib[\\/](format|status-looks|intl)|features[\\/]account[\\/]labels|components[\\/]ui[\\/](badge|avatar|after-first-paint|query-error|empty-state|alert|card|stat-card))\./,
              priority: 2,
            },
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 2, entriesAware: true, entriesAwareMergeThreshold: 4000 },
          ],
        },
      },
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
