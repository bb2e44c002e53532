import type { ReactNode } from 'react';
import { ClipboardCheck, FileCheck2, Hourglass, Network, Rocket, ShieldCheck, UserRoundCheck } from 'lucide-react';
import { KYC_DEADLINE_DAYS, UPLINE_DECIDES_FIRST, type CurrentUser } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, TitledCard } from '../../components/ui/card';
import { InlineLoader } from '../../components/ui/spinner';
import { IconPoint } from '../../components/ui/icon-point';
import { cn } from '../../lib/cn';
import { useSignedInUser } from '../account';
import { KycDocumentList, useKycDocuments } from '../kyc';
import { NotificationsCard } from '../notifications';
import { ProfileCard } from '../profile';

type Tone = 'warning' | 'success' | 'danger' | 'neutral';
const TONES: Record<Tone, string> = {
  warning: 'bg-amber-50 text-amber-700',
  success: 'bg-emerald-50 text-emerald-700',
  danger: 'bg-red-50 text-red-700',
  neutral: 'bg-slate-100 text-slate-600',
};

function Tile({ icon, label, value, tone }: { icon: ReactNode; label: string; value: string; tone: Tone }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl', TONES[tone])}>{icon}</div>
      <div className="min-w-0">
        <p className="text-sm text-slate-500">{label}</p>
        <p className="text-lg font-semibold text-slate-900">{value}</p>
      </div>
    </div>
  );
}

function kycTile(user: CurrentUser, documentCount: number | undefined): { value: string; tone: Tone } {
  if (documentCount === 0) return { value: 'Not Submitted', tone: 'neutral' };
  if (user.kycStatus === 'rejected') return { value: 'Rejected', tone: 'danger' };
  if (user.kycStatus === 'pending') return { value: 'Submitted', tone: 'warning' };
  return { value: 'Approved', tone: 'success' };
}

// docs/spec/decisions.md §1: the upline chooses the side first (awaiting_upline), then an admin approves (awaiting_admin).
const NEXT_STEPS = [
  { icon: Network, title: 'Upline decision', text: UPLINE_DECIDES_FIRST },
  { icon: ClipboardCheck, title: 'Admin review', text: 'Then an admin reviews your registration and documents.' },
  {
    icon: UserRoundCheck,
    title: 'Account activation',
    text: `Once approved, your account is activated and you receive an email. Complete your KYC within ${KYC_DEADLINE_DAYS} days of approval.`,
  },
  { icon: Rocket, title: 'MLM access', text: 'You get full access to your dashboard, team, products and purchases.' },
];

/** S10 Pending dashboard (doc 1 §2), under the portal's header (web/app/portals/pending-app.tsx). */
export function PendingDashboardPage({ header }: { header: ReactNode }) {
  const user = useSignedInUser();
  const docs = useKycDocuments();
  const kyc = kycTile(user, docs.data?.length);
  const profileComplete = Boolean(user.firstName && user.lastName && user.mobile && user.address && user.city && user.state && user.pincode);

  return (
    <div className="min-h-dvh bg-slate-50">
      {header}
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome, {user.firstName || user.userId}!</h1>
          <p className="mt-1 text-sm text-slate-500">
            User ID: <span className="font-mono font-medium text-slate-700">{user.userId}</span>
          </p>
        </div>

        <Alert tone="warning" title="Account Pending Approval" role="status">
          Your upline decides on your registration first, then an admin reviews it. You will be notified by email once your account is approved; until then you can keep your profile up to date.
        </Alert>

        <div className="grid gap-4 sm:grid-cols-3">
          <Tile icon={<Hourglass aria-hidden="true" className="size-5" />} label="Registration Status" value="Under Review" tone="warning" />
          <Tile icon={<FileCheck2 aria-hidden="true" className="size-5" />} label="KYC Status" value={kyc.value} tone={kyc.tone} />
          <Tile icon={<ShieldCheck aria-hidden="true" className="size-5" />} label="Profile" value={profileComplete ? 'Complete' : 'Incomplete'} tone={profileComplete ? 'success' : 'warning'} />
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-3">
            <ProfileCard user={user} />
            <Card>
              <CardHeader>
                <CardTitle>Uploaded Documents</CardTitle>
                <CardDescription>Rejected documents can be replaced here.</CardDescription>
              </CardHeader>
              <CardContent>
                {docs.isPending ? (
                  <InlineLoader label="Loading documents..." />
                ) : docs.isError ? (
                  <Alert
                    tone="danger"
                    title="Could not load your documents"
                    action={
                      <Button size="sm" variant="outline" onClick={() => void docs.refetch()}>
                        Try again
                      </Button>
                    }
                  />
                ) : (
                  <KycDocumentList documents={docs.data} emptyText="You can upload your KYC documents once your account is approved." />
                )}
              </CardContent>
            </Card>
          </div>
          <div className="space-y-6 lg:col-span-2">
            <NotificationsCard />
            <TitledCard title="What happens next">
              <ol className="space-y-4">
                {NEXT_STEPS.map(({ icon, title, text }, i) => (
                  <li key={title}>
                    <IconPoint icon={icon} title={title} text={text} badgeClassName="relative rounded-full">
                      <span className="sr-only">Step {i + 1}</span>
                    </IconPoint>
                  </li>
                ))}
              </ol>
            </TitledCard>
          </div>
        </div>
      </main>
    </div>
  );
}
