import { useEffect, useSyncExternalStore } from 'react';
import type { PublicBranding } from '@contracts';
import { BRANDING_ELEMENT_ID } from '@contracts/web-storage';
import { getRoute } from './api';

/**
 * The company's branding (issue 15, ADR 0013): name, colour, support contact and logo address from the page itself
 * (the server writes it in, issue 30; `GET /api/branding` when it did not), read once per page load and shared by
 * the sign-in page (which carries no query library, ADR 0012), the portals' headers and the document title.
 * `refreshBranding()` reads it again after an admin saves.
 */
let current: PublicBranding | null = fromPage();
// The page's own copy counts as read: no request until an admin saves (refreshBranding).
let loading: Promise<void> | null = current ? Promise.resolve() : null;
const listeners = new Set<() => void>();

/** The branding the server wrote into the page (server/app.ts), if it is there and readable. */
function fromPage(): PublicBranding | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(BRANDING_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PublicBranding;
  } catch {
    return null;
  }
}

function publish(next: PublicBranding) {
  current = next;
  applyBrandColor(next.primaryColor);
  for (const l of listeners) l();
}

/** The colour whose palette the page has: the one the server wrote into it (server/app.ts), then the last applied. */
function paletteColor(): string | undefined {
  const root = document.documentElement;
  return root.dataset.brandColor ?? document.getElementById('brand-palette')?.dataset.color;
}

/**
 * The web app's primary colour follows the company's (issue 15). The served page already carries the saved colour's
 * palette, so this only works when it changed since (an admin saved another, or the Vite dev server served the page):
 * the palette's code loads then, outside the first load.
 */
export function applyBrandColor(color: string) {
  const wanted = color.toLowerCase();
  if (paletteColor() === wanted) return;
  document.documentElement.dataset.brandColor = wanted;
  void import('@contracts/brand-palette').then(({ brandPalette }) => {
    if (document.documentElement.dataset.brandColor !== wanted) return;
    const palette = brandPalette(wanted);
    const root = document.documentElement.style;
    // The page's own palette gives way; for the default colour theme.css's scale shows again.
    document.getElementById('brand-palette')?.remove();
    for (const step of [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]) root.removeProperty(`--color-brand-${step}`);
    for (const [name, value] of Object.entries(palette)) root.setProperty(name, value);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', wanted);
  });
}

export function refreshBranding(): Promise<void> {
  loading = getRoute('GET /api/branding')
    .then(publish)
    .catch(() => {
      // Without the server's answer the product's own mark and name stay.
      loading = null;
    });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!loading) void refreshBranding();
  return () => listeners.delete(listener);
}

/** The branding, or null until it has arrived. */
export function useBranding(): PublicBranding | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The name shown before the branding arrives (and when it cannot be read). */
export const FALLBACK_NAME = 'Member Portal';

/** "Company · Page": the document title from the company's name and the screen. */
export function brandedTitle(companyName: string | undefined, page?: string): string {
  const name = companyName || FALLBACK_NAME;
  return page && page !== name ? `${page} · ${name}` : name;
}

/** Sets the document title to the screen's name and the company's. */
export function useDocumentTitle(page?: string) {
  const name = useBranding()?.companyName;
  useEffect(() => {
    document.title = brandedTitle(name, page);
  }, [name, page]);
}
