import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { ChangePasswordForm, DELAYS, MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../components/layout/auth-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { useChangePassword } from './api';
import { useSignedInUser } from './current-user';
import { useLogout } from './logout';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** S9 Change Password (doc 1 §2): success logs the user out 2 s later. */
export default function ChangePasswordPage() {
  const user = useSignedInUser();
  const logout = useLogout();
  const change = useChangePassword();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const backTo = user.role === 'admin' || user.status === 'pending' || user.status === 'registered' ? '/' : '/dashboard';

  const form = useForm({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;
  const [done, setDone] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    if (!(await change.run(body, { setError: form.setError, fields: FIELDS })).ok) return;
    setDone(true);
    timer.current = setTimeout(() => logout.mutate(), DELAYS.logoutAfterPasswordChangeMs);
  });

  return (
    <AuthLayout>
      {user.firstLogin ? null : (
        <Link to={backTo} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back
        </Link>
      )}
      <AuthCard>
        <AuthHeading icon={<KeyRound aria-hidden="true" className="size-6" />} title="Change Password" description="Enter your current password and choose a new one." />
        {user.firstLogin ? (
          <Alert tone="warning" className="mb-5">
            {MSG.passwordChangeRequired}
          </Alert>
        ) : null}
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <PasswordField form={form} name="currentPassword" label="Current Password" autoComplete="current-password" />
          <PasswordField form={form} name="newPassword" label="New Password" />
          <PasswordField form={form} name="confirmPassword" label="Confirm New Password" />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row">
            {user.firstLogin ? (
              <Button variant="outline" fullWidth onClick={() => logout.mutate()} disabled={logout.isPending}>
                Logout
              </Button>
            ) : (
              <Button variant="outline" fullWidth asChild>
                <Link to={backTo}>Cancel</Link>
              </Button>
            )}
            <Button type="submit" fullWidth loading={isSubmitting} disabled={done}>
              {isSubmitting ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </AuthCard>
    </AuthLayout>
  );
}
