import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CURRENT_USER_KEY, SwitchUserContext, switchUser, takePageUser, type SwitchUser } from '../features/account';
import { createQueryClient } from '../lib/query-client';
import { setStepUpPrompt } from '../lib/step-up';
import { signInHandoff } from './handoff';
import { AppRouter } from './router';
// The whole stylesheet: the first load of the signed-out screens carries only their own (signed-out.css).
import '../styles.css';

// The step-up dialog (Radix dialog, the code form, zod) loads when the server first asks for the code again.
const StepUpProvider = lazy(() => import('../features/two-factor/step-up-provider'));

/** Until the dialog is loaded, a request for the code loads it, and the dialog opens for that request. */
function StepUpHost() {
  const [asking, setAsking] = useState<((ok: boolean) => void) | null>(null);
  useEffect(() => {
    setStepUpPrompt(() => new Promise<boolean>((resolve) => setAsking(() => resolve)));
    return () => setStepUpPrompt(null);
  }, []);
  return asking ? (
    <Suspense fallback={null}>
      <StepUpProvider asking={asking} />
    </Suspense>
  ) : null;
}

/** The app of a browser that may be signed in: the query cache, the current user and the route table. */
export default function SignedInApp() {
  const navigate = useNavigate();
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Just signed in on a signed-out screen: that user, and their destination, from the first render.
    const handoff = signInHandoff.peek();
    if (handoff) {
      switchUser(client, navigate, handoff.user, handoff.path);
    } else {
      // The user the page carried (server/http/page-user.ts): the routes render at once, without a first call.
      const fromPage = takePageUser();
      if (fromPage) client.setQueryData(CURRENT_USER_KEY, fromPage.user);
    }
    return client;
  });
  useEffect(() => signInHandoff.clear(), []);
  const switchTo = useCallback<SwitchUser>((user, path) => switchUser(queryClient, navigate, user, path), [queryClient, navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <SwitchUserContext.Provider value={switchTo}>
        <AppRouter />
      </SwitchUserContext.Provider>
      <StepUpHost />
    </QueryClientProvider>
  );
}
