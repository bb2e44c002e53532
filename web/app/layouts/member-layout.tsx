import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { FileCheck2, LayoutDashboard, Package, ShoppingBag, Users } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { cn } from '../../lib/cn';
import { PortalHeader } from './portal-header';

const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/my-team', label: 'My Team', icon: Users },
  { to: '/products', label: 'Products', icon: Package },
  { to: '/my-purchases', label: 'My Purchases', icon: ShoppingBag },
  { to: '/kyc-upload', label: 'KYC', icon: FileCheck2 },
];

/** Member portal shell (doc 3 §2.1): header with greeting, avatar and logout, then the section tabs. */
export function MemberLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <PortalHeader user={user} caption="Member Portal" homePath="/dashboard" />
      <nav aria-label="Member portal" className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 sm:px-4 [scrollbar-width:none]">
          {NAV.map(({ to, label, icon: Icon }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}
