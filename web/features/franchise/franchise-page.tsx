import { BadgeCheck, Store } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { AccountDetailsCard, KycStatusCard, ROLE_LABELS, SecurityCard, useSignedInUser } from '../account';

/** Role-specific badges (doc 3 §2.7). */
export const FRANCHISE_BADGES: Partial<Record<CurrentUser['role'], string[]>> = {
  mini_franchise: ['Limited SKU Range', 'Local Market Focus'],
  basic_franchise: ['Extended Product Range', 'Enhanced Bonus Structure'],
};

/** R1 Franchise Dashboard (doc 3 §2.7) with the account's real data. */
export function FranchisePage() {
  const user = useSignedInUser();
  const badges = FRANCHISE_BADGES[user.role] ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Franchise Dashboard</h1>
        <p className="mt-1 text-sm text-slate-500">Welcome, {user.firstName || user.userId}.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Store aria-hidden="true" className="size-5 text-brand-600" /> {ROLE_LABELS[user.role]}
          </CardTitle>
          <CardDescription>Features of your franchise.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-wrap gap-2">
            {badges.map((b) => (
              <li key={b}>
                <Badge tone="brand" className="px-3! py-1! text-sm!">
                  <BadgeCheck aria-hidden="true" className="size-4" /> {b}
                </Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AccountDetailsCard user={user} />
        </div>
        <div className="space-y-6">
          <KycStatusCard user={user} />
          <SecurityCard />
        </div>
      </div>
    </div>
  );
}
