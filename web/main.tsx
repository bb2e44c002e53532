import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The signed-out screens' stylesheet; the signed-in app brings the whole one (styles.css).
import './signed-out.css';
import { App } from './app/app';
import { PageLoader } from './components/ui/spinner';
import { fetchCurrentUserEarly } from './features/account/current-user-data';
import { IMPERSONATION_CODE_PARAM } from '@contracts/web-storage';
import { maybeSignedIn } from './lib/session-hint';
import { prefetchScreens } from './app/prefetch';

const root = createRoot(document.getElementById('root')!);

// A browser that may be signed in starts its screens' chunks now (a visitor needs nothing more).
if (maybeSignedIn()) prefetchScreens(window.location.pathname, window.location.search);

// The impersonation code must be traded for its token before the first call for the current user.
root.render(<PageLoader />);
// Only an address carrying the code loads the exchange (features/impersonation/exchange.ts).
const exchanged = new URLSearchParams(window.location.search).has(IMPERSONATION_CODE_PARAM)
  ? import('./features/impersonation/exchange').then((m) => m.exchangeImpersonationCode())
  : Promise.resolve();
void exchanged.finally(() => {
  if (maybeSignedIn()) fetchCurrentUserEarly();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
