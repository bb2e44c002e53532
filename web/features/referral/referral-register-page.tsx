import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkIcon, UserRoundCheck } from 'lucide-react';
import { DELAYS, MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../app/layouts/auth-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { InlineLoader } from '../../components/ui/spinner';
import { apiGet } from '../../lib/api';
import { titleCase } from '../../lib/format';

interface ValidateAnswer {
  valid: boolean;
  generatedBy?: string;
  placementSide?: 'left' | 'right' | null;
  message?: string;
}

type State = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'valid'; answer: ValidateAnswer };

const MISSING_MESSAGE = 'This referral link is invalid or expired.';

/**
 * Referral registration (doc 1 §2): the link check with its loading and invalid states. The
 * registration form itself is a later issue.
 */
export function ReferralRegisterPage() {
  const [params] = useSearchParams();
  const token = (params.get('ref') ?? params.get('token') ?? '').trim();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'checking' });

  // Missing parameter: the short variant, back to / after 2 s.
  useEffect(() => {
    if (token) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), DELAYS.invalidReferralRedirectMs);
    return () => clearTimeout(timer);
  }, [token, navigate]);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    apiGet<ValidateAnswer>(`/api/referral/validate?token=${encodeURIComponent(token)}`)
      .then((answer) => !cancelled && setState(answer?.valid ? { kind: 'valid', answer } : { kind: 'invalid' }))
      .catch(() => !cancelled && setState({ kind: 'invalid' }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (!token || state.kind === 'invalid') {
    return (
      <AuthLayout>
        <AuthCard className="text-center">
          <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
            <LinkIcon aria-hidden="true" className="size-7" />
          </div>
          <AuthHeading title="Invalid Link" description={token ? MSG.referralInvalid : MISSING_MESSAGE} />
          <Button asChild size="lg" fullWidth>
            <Link to="/">Return to Homepage</Link>
          </Button>
        </AuthCard>
      </AuthLayout>
    );
  }

  if (state.kind === 'checking') {
    return (
      <AuthLayout>
        <AuthCard>
          <InlineLoader label="Validating referral link..." />
        </AuthCard>
      </AuthLayout>
    );
  }

  const { answer } = state;
  return (
    <AuthLayout wide>
      <AuthCard>
        <AuthHeading icon={<UserRoundCheck aria-hidden="true" className="size-6" />} title="Join the Network" description="You were invited through a referral link." />
        <section aria-labelledby="sponsor-info" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h2 id="sponsor-info" className="mb-3 text-sm font-semibold text-slate-900">
            Sponsor Information
          </h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Sponsor User ID</dt>
              <dd className="font-mono font-medium text-slate-900">{answer.generatedBy ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Placement Side</dt>
              <dd className="font-medium text-slate-900">{answer.placementSide ? titleCase(answer.placementSide) : 'Decided by your sponsor'}</dd>
            </div>
          </dl>
        </section>
        <Alert tone="info" className="mt-5">
          This referral link is valid. The registration form for referral links is not available in this version of the site; please ask your sponsor for help.
        </Alert>
      </AuthCard>
    </AuthLayout>
  );
}

export default ReferralRegisterPage;
