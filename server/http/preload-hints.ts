import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../../scripts/bundle-budget.mjs';

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
}

/** The tags per page path, from the build's manifest, read again when the build changes. */
let hints: { manifest: string; mtimeMs: number; byPath: Map<string, string> } | undefined;

/**
 * The files a signed-in portal's first load fetches after the entry (scripts/bundle-budget.mjs: the signed-in app,
 * the portal and its landing screen, each with its static imports), as preload tags for the page's head (issue 30).
 * Without them the browser finds them only once the entry script has downloaded and run, a round trip and a few
 * hundred milliseconds of a phone's main thread later; with them they load beside the entry. Only the routes of the
 * signed-in app: a visitor's sign-in page stays the entry alone.
 */
function tagsByPath(root: string): Map<string, string> {
  const manifestPath = join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return new Map();
  const { mtimeMs } = statSync(manifestPath);
  if (hints && hints.manifest === manifestPath && hints.mtimeMs === mtimeMs) return hints.byPath;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const filesOf = (keys: string[]) => {
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      const chunk = manifest[key];
      files.push(chunk.file, ...(chunk.css ?? []));
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return files;
  };
  const entry = new Set(filesOf(['index.html']));
  const byPath = new Map<string, string>();
  for (const { path, modules } of ROUTES) {
    if (!modules.includes('app/signed-in-app.tsx')) continue;
    const files = [...new Set(filesOf(modules))].filter((f) => !entry.has(f));
    // The stylesheets as the client's own loader will ask for them (crossorigin): preloaded, not applied.
    const tags = files.map((f) => (f.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="/${f}" />` : f.endsWith('.js') ? `<link rel="modulepreload" href="/${f}" />` : ''));
    byPath.set(path, tags.join(''));
  }
  hints = { manifest: manifestPath, mtimeMs, byPath };
  return byPath;
}

/** The preload tags for a signed-in browser's page at this path; empty for any other path. */
export function preloadHints(root: string, path: string): string {
  try {
    return tagsByPath(root).get(path.replace(/\/+$/, '') || '/') ?? '';
  } catch {
    // An unreadable manifest costs the hints, never the page.
    return '';
  }
}
