import { impersonationToken } from './storage';

/**
 * The cookie the server sets on each page answer while the browser holds a session cookie (server/app.ts). The
 * session cookie itself is HttpOnly; this one only says "a session may be there", so a signed-out visitor's first
 * screen needs no call for the current user, and no 401 lands in the console (ADR 0012).
 */
export const SESSION_HINT = 'session_hint';

const hinted = () => {
  try {
    return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT}=`));
  } catch {
    return false;
  }
};

/**
 * Whether to ask the server for the current user at start: a session hint, an impersonation token, or the Vite dev
 * server (its index.html does not come from our server, so no hint is set there).
 */
export function maybeSignedIn(): boolean {
  return import.meta.env.DEV || hinted() || impersonationToken.get() !== null;
}
