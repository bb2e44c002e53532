import { Link } from 'react-router';
import { CheckCircle2, FileSearch, MailCheck, Network, ShieldCheck } from 'lucide-react';
import { KYC_DEADLINE_DAYS, UPLINE_DECIDES_FIRST } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { COPY } from './documents';

// docs/spec/decisions.md §1: the upline chooses the side first, then an admin approves.
const NEXT_STEPS = [
  { icon: Network, title: 'Upline decision', text: UPLINE_DECIDES_FIRST },
  { icon: FileSearch, title: 'Admin review', text: 'Then an admin reviews your registration and documents.' },
  { icon: MailCheck, title: 'Approval email', text: 'Once approved, you receive an email with your login credentials.' },
  { icon: ShieldCheck, title: 'Complete KYC', text: `Complete your KYC within ${KYC_DEADLINE_DAYS} days of approval.` },
];

/** After a referral registration (doc 1 §2): pending admin approval, what follows, back home. */
export function RegistrationSuccess({ message }: { message: string }) {
  return (
    <AuthLayout wide>
      <AuthCard>
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 ring-8 ring-emerald-50/50">
          <CheckCircle2 aria-hidden="true" className="size-7" />
        </div>
        <AuthHeading title={COPY.submittedTitle} description={message} />
        <section aria-labelledby="next-steps" className="mb-6 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
          <h2 id="next-steps" className="mb-3 text-sm font-semibold text-slate-900">
            What happens next
          </h2>
          <ol className="space-y-3">
            {NEXT_STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="flex gap-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-slate-200">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900">
                    <span className="sr-only">Step {i + 1}: </span>
                    {title}
                  </p>
                  <p className="text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <Button asChild size="lg" fullWidth>
          <Link to="/">Return to Homepage</Link>
        </Button>
      </AuthCard>
    </AuthLayout>
  );
}
