import { createContext, useContext } from 'react';
import type { CurrentUser } from '@contracts';

/**
 * Makes `user` (null: signed out) the current user and sends the app to `path` in the same render. The app shell
 * provides it: on the signed-out screens it loads the signed-in app with that user (the signed-out first load
 * has no query library, issue 14); inside the signed-in app it is switchUser on the query cache.
 */
export type SwitchUser = (user: CurrentUser | null, path: string) => void;

export const SwitchUserContext = createContext<SwitchUser | null>(null);

export function useSwitchUser(): SwitchUser {
  const fn = useContext(SwitchUserContext);
  if (!fn) throw new Error('useSwitchUser outside the app shell');
  return fn;
}
