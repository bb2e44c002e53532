import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LogoMark } from '../../components/ui/logo';

/** S8 (doc 1 §2): every route the visitor or user does not have. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <LogoMark className="mb-8 size-12" />
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Compass aria-hidden="true" className="size-7" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">The page you are looking for does not exist or is not available to your account.</p>
      <Button asChild className="mt-8">
        <Link to="/">Go to Home</Link>
      </Button>
    </main>
  );
}
