import { SecurityCard } from '../../account';
import { TwoFactorCard } from '../two-factor-card';
import { SectionHeader } from '../../../components/admin/section-header';

/** My Security: the admin's own password and two-factor sign-in. */
export function MySecuritySection() {
  return (
    <div className="space-y-5">
      <SectionHeader title="My Security" description="Your password and two-factor sign-in." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SecurityCard />
        <TwoFactorCard />
      </div>
    </div>
  );
}
