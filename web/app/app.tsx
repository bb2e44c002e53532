import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { PageLoader } from '../components/ui/spinner';
import { SiteFooter } from '../components/site-footer';
import { subscribe, toastsShown } from '../components/ui/toast';
import { SwitchUserContext, type SwitchUser } from '../features/account/switch-user-context';
import { maybeSignedIn } from '../lib/session-hint';
import { SIGNED_IN_APP } from './signed-in-chunk';
import { signInHandoff } from './handoff';
// In the first load itself: the sign-in page renders without waiting for a second script (issue 14).
import SignedOutApp from './portals/signed-out-app';

/*
 * The first load holds only this shell (issue 14): a visitor without a session gets the signed-out screens and
 * nothing else (no query library, no portal); a browser that may hold a session (the session hint, ADR 0012) gets
 * the signed-in app, which asks the server for the current user. Signing in on a signed-out screen loads the
 * signed-in app with that user.
 */
const SignedInApp = SIGNED_IN_APP.Component;
const Toaster = lazy(() => import('../components/ui/toaster'));

function Shell() {
  const [signedIn, setSignedIn] = useState(maybeSignedIn);
  const navigate = useNavigate();
  const switchUser = useCallback<SwitchUser>(
    (user, path) => {
      if (!user) {
        void navigate(path, { replace: true });
        return;
      }
      signInHandoff.set(user, path);
      setSignedIn(true);
    },
    [navigate],
  );
  if (signedIn) return <SignedInApp />;
  return (
    <SwitchUserContext.Provider value={switchUser}>
      <SignedOutApp />
    </SwitchUserContext.Provider>
  );
}

/**
 * The Radix toast UI, loaded with the first toast (toast() itself is a small store). Its container is there from
 * the start: a modal dialog hides everything else from assistive technology but the [aria-live] elements present
 * when it opens, so a first toast shown over a dialog must land in one; "off" keeps the toasts reachable without
 * announcing them twice (Radix announces them itself).
 */
function ToastHost() {
  const shown = useSyncExternalStore(subscribe, toastsShown, toastsShown);
  return (
    <div aria-live="off">
      {shown ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoader />}>
        <Shell />
      </Suspense>
      <SiteFooter />
      <ToastHost />
    </BrowserRouter>
  );
}
