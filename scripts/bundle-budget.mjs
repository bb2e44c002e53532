// The first load of each route (JS and CSS, gzipped as served) from the build's manifest, against its budget.
// Run at the end of every `vite build` (the budget plugin in vite.config.ts: `npm run build`, `npm start`, `npm test`
// and so CI), and by `npm run bench -- web`. `node scripts/bundle-budget.mjs` prints the table for web/dist.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterBuild } from './build/after-build.mjs';

/**
 * A route's first load: the entry (index.html's script and CSS and everything they import statically) plus the
 * lazy modules the route opens at once, each with its static imports. `modules` are manifest keys (source paths
 * under web/), or `chunk:<name>` for a shared chunk (the whole stylesheet's). KB are 1,000 bytes of gzip at
 * level 9, the .gz the server sends.
 */
export const ROUTES = [
  // The signed-out table and the sign-in page are part of the entry itself.
  { route: 'sign-in', path: '/', modules: [], budget: 100 },
  // The signed-out screens other than sign-in carry the query library and their cache (app/portals/with-queries.tsx):
  // their data layer is the same TanStack hooks as the signed-in app's.
  // Issue 32: the Direct Seller Agreement's text and checkbox on the joining forms (+2.6 KB: the consent block and the agreement's contract).
  { route: 'signup', path: '/signup', modules: ['features/auth/signup-page.tsx', 'app/portals/with-queries.tsx', 'styles.css'], budget: 184 },
  { route: 'member dashboard', path: '/dashboard', modules: ['app/signed-in-app.tsx', 'app/portals/member-app.tsx'], budget: 170 },
  { route: 'admin dashboard', path: '/admin', modules: ['app/signed-in-app.tsx', 'app/portals/admin-app.tsx'], budget: 220 },
  { route: 'founder', path: '/founder', modules: ['app/signed-in-app.tsx', 'app/portals/founder-app.tsx'], budget: 235 },
  { route: 'franchise', path: '/franchise', modules: ['app/signed-in-app.tsx', 'app/portals/franchise-app.tsx'], budget: 160 },
  { route: 'pending dashboard', path: '/pending-dashboard', modules: ['app/signed-in-app.tsx', 'app/portals/pending-app.tsx'], budget: 225 },
  // 206: the Direct Seller Agreement's text and consent (issue 32), and icon chunks regrouped by the returns screens.
  { route: 'referral registration', path: '/referral-register', modules: ['features/referral/referral-register-page.tsx', 'app/portals/with-queries.tsx', 'styles.css'], budget: 206 },
];

const gzipCache = new Map();
function gzipSize(dist, file) {
  const path = join(dist, file);
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipCache.get(path);
}

/** Every file a route loads first, and their gzipped total in KB. */
export function firstLoads(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build manifest at ${manifestPath}: build the client first (npm run build)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  gzipCache.clear();
  return ROUTES.map(({ route, path, modules, budget }) => {
    const files = new Set();
    const seen = new Set();
    const byName = (name) => Object.keys(manifest).find((k) => manifest[k].name === name && k.startsWith('_'));
    const visit = (spec) => {
      const key = spec.startsWith('chunk:') ? (byName(spec.slice(6)) ?? spec) : spec;
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`bundle budget of ${route}: ${key} is not in the build manifest (renamed? update scripts/bundle-budget.mjs)`);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const key of ['index.html', ...modules]) visit(key);
    const bytes = [...files].filter((f) => /\.(js|css)$/.test(f)).reduce((sum, f) => sum + gzipSize(dist, f), 0);
    return { route, path, kb: Math.round(bytes / 100) / 10, budget, files: [...files] };
  });
}

/** Prints the table; false when a route is over its budget. */
export function checkBudgets(dist, log = console.log) {
  const loads = firstLoads(dist);
  log('First load per route (JS + CSS, KB gzipped) against its budget:');
  for (const l of loads) {
    log(`  ${l.route.padEnd(22)} ${l.path.padEnd(19)} ${l.kb.toFixed(1).padStart(6)} KB  budget ${String(l.budget).padStart(3)} KB  ${l.kb <= l.budget ? 'ok' : 'OVER BUDGET'}`);
  }
  const over = loads.filter((l) => l.kb > l.budget);
  if (over.length) log(`Over budget: ${over.map((l) => `${l.route} (${l.kb} KB > ${l.budget} KB)`).join(', ')}`);
  return over.length === 0;
}

/** Vite plugin: fails the build when a route is over budget. */
export const bundleBudget = () =>
  afterBuild('bundle-budget', (outDir) => {
    if (!checkBudgets(outDir)) throw new Error('bundle budget exceeded (scripts/bundle-budget.mjs)');
  });

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? join(fileURLToPath(new URL('..', import.meta.url)), 'web', 'dist'));
  process.exit(checkBudgets(dist) ? 0 : 1);
}
