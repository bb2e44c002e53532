import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../ui/logo';
import { cn } from '../../lib/cn';

const WIDTHS = { default: 'max-w-md', wide: 'max-w-xl', form: 'max-w-3xl' } as const;

/**
 * Centered card used by every signed-out screen other than login, and by change password.
 * `size="form"` fits a long multi-section form (referral registration).
 */
export function AuthLayout({ children, wide = false, size }: { children: ReactNode; wide?: boolean; size?: keyof typeof WIDTHS }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-slate-50">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-100/70 to-transparent" />
      <header className="relative mx-auto flex w-full max-w-5xl items-center px-4 pt-6 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Home">
          <LogoMark className="size-10" title="Logo" />
        </Link>
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-8 pb-12 sm:items-center sm:px-6 sm:pt-6">
        <div className={cn('w-full', WIDTHS[size ?? (wide ? 'wide' : 'default')])}>{children}</div>
      </main>
    </div>
  );
}

/** The title block at the top of an auth card. */
export function AuthHeading({ icon, title, description }: { icon?: ReactNode; title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-6 space-y-2 text-center">
      {icon ? <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</div> : null}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="text-sm text-slate-500">{description}</p> : null}
    </div>
  );
}

const OUTCOME_TONES = { error: 'bg-red-50 text-red-600', success: 'bg-emerald-50 text-emerald-600' };

/** Where an auth flow ends (a link that failed, a password reset): a large round icon in the outcome's colour above the title block. */
export function AuthOutcome({ tone, icon, title, description }: { tone: keyof typeof OUTCOME_TONES; icon: ReactNode; title: ReactNode; description?: ReactNode }) {
  return (
    <>
      <div className={cn('mx-auto mb-4 flex size-14 items-center justify-center rounded-full', OUTCOME_TONES[tone])}>{icon}</div>
      <AuthHeading title={title} description={description} />
    </>
  );
}

export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-200/60 sm:p-8', className)}>{children}</div>;
}
