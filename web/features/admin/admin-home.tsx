import { Link } from 'react-router';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { AccountDetailsCard, useSignedInUser } from '../account';

/** The admin's landing section until the back-office sections arrive (doc 2). */
export function AdminHome() {
  const user = useSignedInUser();
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-1 text-sm text-slate-500">Welcome, {user.firstName || user.userId}. You are signed in as an administrator.</p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to="/change-password">
            <KeyRound aria-hidden="true" className="size-4" /> Change Password
          </Link>
        </Button>
      </div>
      <div className="max-w-2xl">
        <AccountDetailsCard user={user} />
      </div>
    </div>
  );
}
