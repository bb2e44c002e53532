// npm run test:e2e: the Playwright specs in Debian's Chromium.
import { buildWebIfNeeded, ensureChromium, npx } from './lib.mjs';

ensureChromium();
buildWebIfNeeded();
npx('vitest', ['run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
