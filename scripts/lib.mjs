import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
export const npx = (name, args, opts) => run(bin(name), args, opts);

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds the web client when it is missing or older than its sources. */
export function buildWebIfNeeded(force = false) {
  const index = join(root, 'web', 'dist', 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newest(join(root, 'web')),
    newest(join(root, 'contracts')),
    newest(join(root, 'scripts', 'build')),
    statSync(join(root, 'vite.config.ts')).mtimeMs,
    statSync(join(root, 'scripts', 'bundle-budget.mjs')).mtimeMs,
  );
  // The production build whoever asks: a test runner's NODE_ENV=test would give React's development build (a sign-in
  // page of 161 KB against its budget of 100).
  if (force || built < sources) npx('vite', ['build', '--logLevel', 'warn'], { env: { ...process.env, NODE_ENV: 'production' } });
}

/** Browser tests need Debian's Chromium: installed here when we are root, otherwise the exact command is printed. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid && process.getuid() === 0) {
    console.log("Chromium is missing: installing Debian's package (apt-get install -y chromium)...");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return;
  }
  console.error('Chromium is missing. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n');
  process.exit(1);
}
