import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { ForgotPasswordRequest, MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../components/layout/auth-layout';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useForgotPassword } from './api';

interface ForgotAnswer {
  message?: string;
  password?: string;
}

/** S4 Forgot Password (doc 1 §2). */
export function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<ForgotAnswer | null>(null);
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(ForgotPasswordRequest), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await forgot.run(values, { setError: form.setError, fields: ['email'] });
    if (res.ok) setAnswer({ message: res.data?.message || MSG.forgotAnswer, password: res.data?.password });
  });

  return (
    <AuthLayout>
      <AuthCard>
        {answer ? (
          <div className="text-center">
            <AuthHeading icon={<MailCheck aria-hidden="true" className="size-6" />} title="Check your email" description={answer.message} />
            {answer.password ? (
              <Alert tone="warning" title="Development mode password" className="mb-6 text-left">
                <code className="rounded bg-white/70 px-2 py-1 font-mono text-base font-semibold tracking-wide">{answer.password}</code>
              </Alert>
            ) : null}
            <Button asChild fullWidth size="lg">
              <Link to="/">Back to Login</Link>
            </Button>
          </div>
        ) : (
          <>
            <AuthHeading
              icon={<KeyRound aria-hidden="true" className="size-6" />}
              title="Forgot Password"
              description="Enter the email address of your account and we will send you instructions to reset your password."
            />
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
              <FormField id="email" label="Email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldA11y('email', errors.email?.message)} {...form.register('email')} />
              </FormField>
              <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send Reset Instructions'}
              </Button>
            </form>
            <Link to="/" className="mt-6 flex items-center justify-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
              <ArrowLeft aria-hidden="true" className="size-4" /> Back to Login
            </Link>
          </>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
