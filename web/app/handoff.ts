import type { CurrentUser } from '@contracts';

/**
 * The user a signed-out screen signed in, handed to the signed-in app as it starts (it seeds its query cache with
 * them and goes to `path`). Read at start and cleared once mounted, so StrictMode's second start sees it too.
 */
let handoff: { user: CurrentUser; path: string } | null = null;

export const signInHandoff = {
  set(user: CurrentUser, path: string) {
    handoff = { user, path };
  },
  peek: () => handoff,
  clear() {
    handoff = null;
  },
};
