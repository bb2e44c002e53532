import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { DELAYS, MSG, ResetPasswordForm } from '@contracts';
import { AuthCard, AuthHeading, AuthOutcome, AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { InlineLoader } from '../../components/ui/spinner';
import { useResetPassword } from './api';

/** S5 Reset Password (doc 1 §2, §4): success leads to / after 3 s. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const navigate = useNavigate();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(ResetPasswordForm), defaultValues: { newPassword: '', confirmPassword: '' } });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await reset.run({ token, newPassword: values.newPassword }, { setError: form.setError, fields: ['newPassword'] });
    if (!res.ok) return;
    setDoneMessage(res.data?.message || MSG.passwordReset);
    timer.current = setTimeout(() => navigate('/', { replace: true }), DELAYS.redirectAfterResetMs);
  });

  if (!token) {
    return (
      <AuthLayout>
        <AuthCard className="text-center">
          <AuthOutcome tone="error" icon=<LinkIcon aria-hidden="true" className="size-7" /> title="Invalid Reset Link" description={`${MSG.noResetToken}. Please request a new password reset link.`} />
          <div className="flex flex-col gap-2">
            <Button asChild size="lg" fullWidth>
              <Link to="/forgot-password">Request New Reset Link</Link>
            </Button>
            <Button asChild size="lg" variant="outline" fullWidth>
              <Link to="/">Back to Login</Link>
            </Button>
          </div>
        </AuthCard>
      </AuthLayout>
    );
  }

  if (doneMessage) {
    return (
      <AuthLayout>
        <AuthCard className="text-center">
          <AuthOutcome tone="success" icon=<CircleCheck aria-hidden="true" className="size-8" /> title="Password Reset Successful" description={doneMessage} />
          <InlineLoader label="Redirecting to sign in..." />
        </AuthCard>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthCard>
        <AuthHeading icon={<KeyRound aria-hidden="true" className="size-6" />} title="Reset Password" description="Choose a new password for your account." />
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <PasswordField form={form} name="newPassword" label="New Password" />
          <PasswordField form={form} name="confirmPassword" label="Confirm New Password" />
          <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
            {isSubmitting ? 'Resetting...' : 'Reset Password'}
          </Button>
        </form>
        <Link to="/" className="mt-6 block text-center text-sm font-medium text-slate-600 hover:text-slate-900">
          Back to Login
        </Link>
      </AuthCard>
    </AuthLayout>
  );
}
