import { STORAGE_KEYS } from '@contracts/web-storage';

/** Storage can throw (private mode, disabled cookies); the app must keep working without it. */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const impersonationToken = {
  get: (): string | null => safe(() => sessionStorage.getItem(STORAGE_KEYS.impersonationToken), null),
  set: (token: string) => safe(() => sessionStorage.setItem(STORAGE_KEYS.impersonationToken, token), undefined),
  clear: () => safe(() => sessionStorage.removeItem(STORAGE_KEYS.impersonationToken), undefined),
};

export const rememberMe = {
  read(): { userId: string; remember: boolean } {
    return safe(
      () => ({
        userId: localStorage.getItem(STORAGE_KEYS.rememberedUserId) ?? '',
        remember: localStorage.getItem(STORAGE_KEYS.rememberMe) === 'true',
      }),
      { userId: '', remember: false },
    );
  },
  /** Checked: keep the id and set the flag true. Unchecked: drop the id and set the flag false. */
  save(userId: string, remember: boolean) {
    safe(() => {
      if (remember) localStorage.setItem(STORAGE_KEYS.rememberedUserId, userId);
      else localStorage.removeItem(STORAGE_KEYS.rememberedUserId);
      localStorage.setItem(STORAGE_KEYS.rememberMe, remember ? 'true' : 'false');
    }, undefined);
  },
  clear() {
    safe(() => {
      localStorage.removeItem(STORAGE_KEYS.rememberedUserId);
      localStorage.removeItem(STORAGE_KEYS.rememberMe);
    }, undefined);
  },
};

/** Reads the one-shot login prefill from either storage and removes it. */
export function takeLoginPrefill(): { userId: string; password: string } | null {
  return safe(() => {
    let found: { userId: string; password: string } | null = null;
    for (const store of [sessionStorage, localStorage]) {
      const userId = store.getItem(STORAGE_KEYS.prefillUserId);
      const password = store.getItem(STORAGE_KEYS.prefillPassword);
      if (!found && (userId || password)) found = { userId: userId ?? '', password: password ?? '' };
      store.removeItem(STORAGE_KEYS.prefillUserId);
      store.removeItem(STORAGE_KEYS.prefillPassword);
    }
    return found;
  }, null);
}
