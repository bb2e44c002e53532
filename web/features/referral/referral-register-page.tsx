import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LinkIcon, UserRoundCheck } from 'lucide-react';
import { DELAYS, MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthOutcome, AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { InlineLoader } from '../../components/ui/spinner';
import { getRoute } from '../../lib/api';
import { titleCase } from '../../lib/format';
import { RegistrationForm } from './registration-form';
import { RegistrationSuccess } from './registration-success';

interface ValidateAnswer {
  valid: boolean;
  generatedBy?: string;
  placementSide?: 'left' | 'right' | null;
  /** The email the link was issued for, when the recruiter gave one. */
  email?: string | null;
  message?: string;
}

type State = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'valid'; answer: ValidateAnswer } | { kind: 'done'; message: string };

const MISSING_MESSAGE = 'This referral link is invalid or expired.';

/**
 * S7 Referral registration (doc 1 §2): the link check with its loading and invalid states, the
 * form, and the page shown once the registration is submitted.
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
    getRoute('GET /api/referral/validate', { query: { token } })
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
          <AuthOutcome tone="error" icon=<LinkIcon aria-hidden="true" className="size-7" /> title="Invalid Link" description={token ? MSG.referralInvalid : MISSING_MESSAGE} />
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

  if (state.kind === 'done') return <RegistrationSuccess message={state.message} />;

  const { answer } = state;
  return (
    <AuthLayout size="form">
      <AuthCard className="sm:p-10">
        <AuthHeading
          icon={<UserRoundCheck aria-hidden="true" className="size-6" />}
          title="Join the Network"
          description="You were invited through a referral link. Fill in your details to register."
        />
        <SponsorInformation generatedBy={answer.generatedBy} placementSide={answer.placementSide} />
        <RegistrationForm
          token={token}
          email={answer.email}
          onDone={(message) => {
            setState({ kind: 'done', message });
            window.scrollTo({ top: 0 });
          }}
        />
      </AuthCard>
    </AuthLayout>
  );
}

/** Read-only Sponsor Information (doc 1 §2): the sponsor's user id and the placement side. */
function SponsorInformation({ generatedBy, placementSide }: Pick<ValidateAnswer, 'generatedBy' | 'placementSide'>) {
  return (
    <section aria-labelledby="sponsor-info" className="mb-8 rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:px-5">
      <h2 id="sponsor-info" className="mb-3 text-sm font-semibold text-brand-950">
        Sponsor Information
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Sponsor User ID</dt>
          <dd className="font-mono font-medium text-slate-900">{generatedBy ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Placement Side</dt>
          <dd className="font-medium text-slate-900">{placementSide ? titleCase(placementSide) : 'Decided by your sponsor'}</dd>
        </div>
      </dl>
    </section>
  );
}

export default ReferralRegisterPage;
