import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The signed-out screens' stylesheet; the signed-in app brings the whole one (styles.css).
import './signed-out.css';
import { App } from './app/app';
import { PageLoader } from './components/ui/spinner';
import { exchangeImpersonationCode } from './features/impersonation/exchange';

const root = createRoot(document.getElementById('root')!);

// The impersonation code must be traded for its token before the first call for the current user.
root.render(<PageLoader />);
void exchangeImpersonationCode().finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
