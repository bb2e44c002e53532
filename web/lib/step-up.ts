import { STEP_UP_WINDOW_MS } from '@contracts/constants';

/**
 * Step-up (issue 13): a write the server answers 403 STEP_UP_REQUIRED waits while the signed-in admin types their
 * authenticator code again, then runs once more. The dialog that asks registers itself here (StepUpProvider);
 * without one, the 403 reaches the caller as any other refusal.
 *
 * Ask first (issue 30): a browser logs every answer of 400 or more as a console error, so a route that always wants a
 * recent second factor (`stepUp: 'always'` in contracts/money-controls.ts, step-up-routes.ts) is not sent until the
 * code was given within the window: the current user says how much of it is left (`stepUpValidForMs`), an accepted
 * code starts it again. The 403 path stays for what the client cannot know (a conditional step-up, another tab).
 */
type Ask = () => Promise<boolean>;
let ask: Ask | null = null;
let pending: Promise<boolean> | null = null;

/** A signed-in user who can give the code (two-factor on, not an impersonation): only they are asked first. */
let armed = false;
/** Until then (this browser's clock), the session's second factor opens step-up routes. */
let freshUntil = 0;
const routes = () => import('./step-up-routes');

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 500);
}

export function setStepUpPrompt(fn: Ask | null) {
  ask = fn;
}

/** Asks once for any number of writes refused at the same moment; resolves true when the code was accepted. */
export function promptStepUp(): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  if (!pending) {
    freshUntil = 0;
    pending = ask()
      .then((ok) => {
        if (ok) freshUntil = Date.now() + STEP_UP_WINDOW_MS;
        return ok;
      })
      .finally(() => (pending = null));
  }
  return pending;
}

/** The current user as the server just told it (a fetch, a sign-in): how long their second factor still counts. */
export function noteStepUp(user: { stepUpValidForMs?: number; twoFactor: { enabled: boolean }; impersonatedBy: unknown } | null) {
  armed = Boolean(user?.twoFactor.enabled && !user.impersonatedBy);
  freshUntil = armed ? Date.now() + (user?.stepUpValidForMs ?? 0) : 0;
  // The route list is fetched before the first write, once the browser is idle: not in the chain of requests that
  // paints the first screen (issue 30; Lighthouse counts every request that ends before the largest paint).
  if (armed) whenIdle(() => void routes().catch(() => undefined));
}

/**
 * Before a write: when the route always wants the code and the window has (nearly: 15 s) passed, the dialog asks now.
 * False when the code was asked for and not given: the request then goes without asking again, and the server's
 * own refusal is what the screen shows.
 */
export async function stepUpBeforeRequest(method: string, url: string): Promise<boolean> {
  if (!armed || !ask || method === 'GET' || freshUntil - 15_000 > Date.now()) return true;
  const asks = await routes().then(
    (m) => m.alwaysAsksStepUp(method, url),
    () => false,
  );
  return asks ? promptStepUp() : true;
}
