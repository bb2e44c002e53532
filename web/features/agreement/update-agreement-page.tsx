import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileSignature } from 'lucide-react';
import { AGREEMENT_MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../components/layout/auth-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { QueryStates } from '../../components/ui/query-error';
import { useLogout } from '../account';
import { useAcceptAgreement, useMyAgreement } from './api';
import { AgreementScroll } from './agreement-text';
import { AgreementTick } from './agreement-tick';

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
              <AgreementScroll agreement={current} className="max-h-[55vh] rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5" />
              <AgreementTick
                id="accept-agreement"
                version={current.version}
                error={error}
                box={(a11y) => (
                  <Checkbox
                    {...a11y}
                    checked={ticked}
                    onCheckedChange={(c) => {
                      setTicked(c === true);
                      setError(null);
                    }}
                  />
                )}
              />
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
