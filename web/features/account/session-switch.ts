import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import type { CurrentUser } from '@contracts';
import { noteStepUp } from '../../lib/step-up';
import { CURRENT_USER_KEY } from './current-user-data';

/**
 * Sign-in and sign-out change two things: the current user and the address. React Router applies a
 * navigation as a transition while the user query re-renders at once, so changing both separately lets
 * one render see the new user at the old address (a franchise holder signing in at / was sent to the
 * /franchise home instead of /dashboard; a founder signing out at /founder briefly saw 'Please log in').
 * Instead the destination is recorded first and the route table, in the same render as the new user,
 * goes there before it renders anything else. It is forgotten once the address reaches it.
 */
let destination: string | null = null;

export const sessionSwitch = {
  /** Where the app is heading after the user changed, if it has not arrived yet. */
  pending(): string | null {
    return destination;
  },
  /** Called by the route table once the address is the destination. */
  arrived(pathname: string): void {
    if (destination === pathname) destination = null;
  },
};

/** Makes `user` (null: signed out) the current user and sends the app to `path` in the same render. */
export function switchUser(queryClient: QueryClient, navigate: NavigateFunction, user: CurrentUser | null, path: string): void {
  noteStepUp(user);
  // The same user as before (still signed out after an invitation) re-renders nothing: only the address changes.
  if (JSON.stringify(queryClient.getQueryData(CURRENT_USER_KEY) ?? null) === JSON.stringify(user)) {
    void navigate(path, { replace: true });
    return;
  }
  destination = path;
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}
