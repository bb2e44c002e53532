import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { HandCoins, LayoutDashboard, LifeBuoy, Package, Settings, ShoppingBag, Users, Wallet } from 'lucide-react';
import type { CurrentUser } from '@contracts';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/branding';
import { MemberHeader } from './member-header';

// Doc 3 §2.1's five tabs plus Wallet, Income (docs/spec/compensation.md §6) and Support (screens M11, M12). KYC is
// reached from the dashboard's KYC card and from Settings, which keeps the bar short enough for a phone.
const NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/my-team', label: 'My Team', icon: Users },
  { to: '/products', label: 'Products', icon: Package },
  { to: '/my-purchases', label: 'My Purchases', icon: ShoppingBag },
  { to: '/wallet', label: 'Wallet', icon: Wallet },
  { to: '/income', label: 'Income', icon: HandCoins },
  { to: '/support', label: 'Support', icon: LifeBuoy },
  { to: '/settings', label: 'Settings', icon: Settings },
];

/** Member portal shell (doc 3 §2.1): header with greeting, avatar and logout, then the section tabs. */
export function MemberLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle(NAV.find((n) => pathname.startsWith(n.to))?.label);

  // The tabs do not all fit a phone: the row scrolls sideways, and the current tab is brought into it.
  useLayoutEffect(() => {
    const el = list.current;
    const active = el?.querySelector<HTMLElement>('a[aria-current="page"]');
    // The first tab (the dashboard, the landing page) is in view as the row starts: no layout forced in the first render (issue 14).
    if (!el || !active || el.querySelector('a') === active) return;
    const left = active.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    if (left < el.scrollLeft || left + active.offsetWidth > el.scrollLeft + el.clientWidth) {
      el.scrollLeft = left - (el.clientWidth - active.offsetWidth) / 2;
    }
  }, [pathname]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <MemberHeader user={user} />
      <nav aria-label="Member portal" className="border-b border-slate-200 bg-white">
        <ul
          ref={list}
          className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 [scrollbar-width:none] max-sm:[mask-image:linear-gradient(to_right,transparent,black_0.75rem,black_calc(100%-0.75rem),transparent)] sm:px-4"
        >
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
