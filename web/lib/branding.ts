import { useEffect, useSyncExternalStore } from 'react';
import type { PublicBranding } from '@contracts';
import { getRoute } from './api';

/**
 * The company's branding (issue 15, ADR 0013): name, colour, support contact and logo address from
 * `GET /api/branding`, read once per page load and shared by the sign-in page (which carries no query library,
 * ADR 0012), the portals' headers and the document title. `refreshBranding()` reads it again after an admin saves.
 */
let current: PublicBranding | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: PublicBranding) {
  current = next;
  for (const l of listeners) l();
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
