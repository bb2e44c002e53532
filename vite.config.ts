import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/build/precompress.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = 'http://localhost:5000';

export default defineConfig({
  root: here('./web'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@contracts': here('./contracts') },
  },
  build: {
    outDir: here('./web/dist'),
    emptyOutDir: true,
    // No inline scripts anywhere: the production CSP is script-src 'self'.
    assetsInlineLimit: 0,
    // Read by the bundle budget (scripts/bundle-budget.mjs); written under .vite/, which the server never serves.
    manifest: true,
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
});
