import { Link } from 'react-router';
import type { CurrentUser } from '@contracts';
import { Avatar } from '../../components/ui/avatar';
import { BrandMark, useCompanyName } from '../../components/ui/logo';
import { fullName, initials, timeOfDayGreeting } from '../../lib/format';
import { LogoutButton } from './logout-button';

/** Member portal top bar (doc 3 §2.1): greeting by time of day, the initials avatar (to Settings) and logout. */
export function MemberHeader({ user }: { user: CurrentUser }) {
  const name = user.firstName || fullName(user, user.userId);
  const company = useCompanyName();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/dashboard" className="flex shrink-0 items-center gap-2.5 rounded-lg" aria-label={`${company} home`}>
          <BrandMark className="size-9" />
          <span className="hidden text-base leading-tight font-semibold tracking-tight text-slate-900 sm:inline">{company}</span>
        </Link>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <div className="min-w-0 text-right leading-tight">
            <p className="truncate text-sm font-semibold text-slate-900">
              {timeOfDayGreeting()}, {name}
            </p>
            <p className="truncate font-mono text-xs text-slate-500">{user.userId}</p>
          </div>
          <Link to="/settings" title="Account settings" className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
            <Avatar text={initials(user)} />
            <span className="sr-only">Account settings for {fullName(user, user.userId)}</span>
          </Link>
          <LogoutButton className="shrink-0" />
        </div>
      </div>
    </header>
  );
}
