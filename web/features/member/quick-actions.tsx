import { Link } from 'react-router';
import { ChevronRight, LifeBuoy, Package, Users, Wallet } from 'lucide-react';

const ACTIONS = [
  { to: '/my-team', label: 'View My Team', text: 'Recruits, decisions and your tree', icon: Users, tone: 'bg-brand-50 text-brand-700' },
  { to: '/products', label: 'Shop Products', text: 'Browse the catalog and order', icon: Package, tone: 'bg-sky-50 text-sky-700' },
  { to: '/wallet', label: 'Open Wallet', text: 'Balance, ledger and withdrawals', icon: Wallet, tone: 'bg-emerald-50 text-emerald-700' },
  { to: '/support', label: 'Get Support', text: 'Open a ticket with our team', icon: LifeBuoy, tone: 'bg-amber-50 text-amber-700' },
] as const;

/** The dashboard's quick actions (doc 3 §2.1: one opens the team tab). */
export function QuickActions() {
  return (
    <nav aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="sr-only">
        Quick actions
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
        {ACTIONS.map(({ to, label, text, icon: Icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:p-4"
            >
              <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-slate-900 sm:text-base">{label}</span>
                <span className="hidden text-sm text-slate-600 sm:block">{text}</span>
              </span>
              <ChevronRight aria-hidden="true" className="hidden size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 sm:block" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
