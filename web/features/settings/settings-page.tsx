import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TitledCard } from '../../components/ui/card';
import { AccountDetailsCard, KycStatusCard, SecurityCard, useLogout, useSignedInUser } from '../account';
import { ProfileCard } from '../profile';
import { FranchiseRequestCard } from './franchise-request-card';
import { TwoFactorCard } from '../two-factor';
import { AgreementDownloadCard } from '../agreement';

function SignOutCard() {
  const logout = useLogout();
  return (
    <TitledCard id="sign-out-title" icon={LogOut} title="Sign Out" description="End your session on this device." contentClassName="pt-3">
      <Button variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
        Sign out
      </Button>
    </TitledCard>
  );
}

/** /settings (doc 3 §2.1): name, email, status, role and sign-out; profile, password, KYC and the franchise request. */
export function SettingsPage() {
  const user = useSignedInUser();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
        <p className="mt-1 text-sm text-slate-500">Your account, profile, security, KYC and franchise request.</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <AccountDetailsCard user={user} />
          <ProfileCard user={user} />
          <FranchiseRequestCard user={user} />
        </div>
        <div className="space-y-6">
          <KycStatusCard user={user} />
          <SecurityCard />
          <AgreementDownloadCard />
          <TwoFactorCard />
          <SignOutCard />
        </div>
      </div>
    </div>
  );
}
