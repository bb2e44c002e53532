import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthOutcome, AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { InlineLoader } from '../../components/ui/spinner';
import { useVerifyEmail } from './api';
import { useOnce } from './use-once';

type State = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** S3 Verify Email (doc 1 §2, §4): loading, success, error. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const verify = useVerifyEmail();
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'error', message: MSG.noVerificationToken });

  useOnce(token || null, () => {
    void verify.run(token).then((res) => {
      if (res.ok) setState({ kind: 'success', message: res.data?.message || MSG.emailVerified });
      else setState({ kind: 'error', message: res.message ?? MSG.invalidVerificationToken });
    });
  });

  return (
    <AuthLayout>
      <AuthCard className="text-center">
        {state.kind === 'loading' ? (
          <>
            <AuthHeading icon={<MailCheck aria-hidden="true" className="size-6" />} title="Verify Email" />
            <InlineLoader label="Verifying your email..." />
          </>
        ) : state.kind === 'success' ? (
          <>
            <AuthOutcome tone="success" icon=<CircleCheck aria-hidden="true" className="size-8" /> title="Email Verified" description={state.message} />
            <Button asChild size="lg" fullWidth>
              <Link to="/">Sign In to Your Account</Link>
            </Button>
          </>
        ) : (
          <>
            <AuthOutcome tone="error" icon=<CircleX aria-hidden="true" className="size-8" /> title="Verification Failed" description={state.message} />
            <div className="flex flex-col gap-2">
              <Button asChild size="lg" fullWidth>
                <Link to="/signup">Create New Account</Link>
              </Button>
              <Button asChild size="lg" variant="outline" fullWidth>
                <Link to="/">Back to Sign In</Link>
              </Button>
            </div>
          </>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
