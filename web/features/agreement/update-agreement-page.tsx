import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileSignature } from 'lucide-react';
import { AGREEMENT_MSG, agreementCheckboxLabel } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../components/layout/auth-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { QueryStates } from '../../components/ui/query-error';
import { useLogout } from '../account';
import { useAcceptAgreement, useMyAgreement } from './api';
import { AgreementText } from './agreement-text';

/**
 * The updated Direct Seller Agreement (issue 32): a member whose accepted version is older than the one in force sees
 * this after sign-in, and nothing else of the portal, until they accept it or sign out.
 */
export default function UpdateAgreementPage() {
  const mine = useMyAgreement();
  const accept = useAcceptAgreement();
  const logout = useLogout();
  const navigate = useNavigate();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = mine.data?.current;

  const onAccept = async () => {
    if (!current) return;
    if (!ticked) {
      setError(AGREEMENT_MSG.acceptRequired);
      return;
    }
    const res = await accept.run({ version: current.version });
    if (res.ok) void navigate('/', { replace: true });
  };

  return (
    <AuthLayout size="form">
      <AuthCard>
        <AuthHeading
          icon={<FileSignature aria-hidden="true" className="size-6" />}
          title="Updated agreement"
          description={current ? `${current.title}, version ${current.version}` : 'The Direct Seller Agreement'}
        />
        <QueryStates query={mine} what="the agreement">
          {current ? (
            <div className="space-y-5">
              <Alert tone="info">{AGREEMENT_MSG.required}</Alert>
              {mine.data?.accepted ? (
                <p className="text-sm text-slate-600">
                  You accepted version {mine.data.accepted.version} earlier. Please read version {current.version} below.
                </p>
              ) : null}
              <div
                tabIndex={0}
                role="region"
                aria-label={`${current.title}, version ${current.version}`}
                className="max-h-[55vh] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50/60 p-4 focus-visible:outline-2 focus-visible:outline-brand-500 sm:p-5"
              >
                <AgreementText body={current.body} />
              </div>
              <div>
                <div className="flex items-start gap-3">
                  <Checkbox
                    id="accept-agreement"
                    checked={ticked}
                    onCheckedChange={(c) => {
                      setTicked(c === true);
                      setError(null);
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'accept-agreement-error' : undefined}
                    className="mt-0.5"
                  />
                  <label htmlFor="accept-agreement" className="cursor-pointer text-sm font-medium text-slate-900">
                    {agreementCheckboxLabel(current.version)}
                  </label>
                </div>
                {error ? (
                  <p id="accept-agreement-error" role="alert" className="mt-2 text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
                  Sign out
                </Button>
                <Button onClick={() => void onAccept()} loading={accept.isPending}>
                  Accept and continue
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{AGREEMENT_MSG.noneInForce}</p>
          )}
        </QueryStates>
      </AuthCard>
    </AuthLayout>
  );
}
