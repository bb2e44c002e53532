import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The signed-out screens' stylesheet; the signed-in app brings the whole one (styles.css).
import './signed-out.css';
import { App } from './app/app';
import { fetchCurrentUserEarly } from './features/account/current-user-data';
import { IMPERSONATION_CODE_PARAM } from '@contracts/web-storage';
import { maybeSignedIn } from './lib/session-hint';
import { prefetchScreens, screenReads } from './app/prefetch';
import { readEarly } from './lib/api';
import { warmIntl } from './lib/time-zone';

const root = createRoot(document.getElementById('root')!);

// A browser that may be signed in starts its screens' chunks now (a visitor needs nothing more).
const screens = maybeSignedIn() ? prefetchScreens(window.location.pathname) : Promise.resolve();

// Until the first render the page shows its own loading state (index.html).
// The impersonation code must be traded for its token before the first call for the current user.
// Only an address carrying the code loads the exchange (features/impersonation/exchange.ts).
const exchanged = new URLSearchParams(window.location.search).has(IMPERSONATION_CODE_PARAM)
  ? import('./features/impersonation/exchange').then((m) => m.exchangeImpersonationCode())
  : Promise.resolve();
void exchanged.finally(() => {
  if (!maybeSignedIn()) return;
  const user = fetchCurrentUserEarly();
  // The first screen's own figures, asked for now rather than after its first render (app/prefetch.ts).
  readEarly(screenReads(window.location.pathname, window.location.search, user));
});
// The first Intl call of a page load sets up the browser's locale data (about 40 ms on a phone, 160 ms in
// Lighthouse's mobile run): done here, in a task of its own while the screen's chunks are still downloading,
// instead of inside the first screen's render (the dashboards' money, counts and time zone; issue 30).
if (maybeSignedIn()) setTimeout(() => warmIntl(), 0);
// Once the screen's chunks are here (app/prefetch.ts), in one pass and as a transition: React renders the first
// screen in slices of a few milliseconds, not in one long task, and with no fallback in between (app/chunk.ts;
// issue 30).
void Promise.all([exchanged.catch(() => undefined), screens]).finally(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
