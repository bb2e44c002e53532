import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoginRequest, type CurrentUser } from '@contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LogoHero, LogoMark } from '../../components/ui/logo';
import { PasswordInput } from '../../components/ui/password-input';
import { rememberMe, takeLoginPrefill } from '../../lib/storage';
import { switchUser } from '../account';
import { CodeForm } from '../two-factor/code-field';
import { submitLoginCode, useLogin } from './api';

/** S1 Login (doc 1 §2): welcome text and form on the left, the logo on the right. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remembered = rememberMe.read();
  const login = useLogin();
  const form = useForm({
    resolver: zodResolver(LoginRequest),
    defaultValues: { userId: remembered.remember ? remembered.userId : '', password: '', rememberMe: remembered.remember },
  });
  const { errors, isSubmitting } = form.formState;
  // Two-factor on: the password was right and the server waits for the code (issue 13).
  const [codeStep, setCodeStep] = useState(false);
  const signedIn = (user: CurrentUser) =>
    switchUser(queryClient, navigate, user, user.role === 'admin' || user.status === 'pending' ? '/' : '/dashboard');

  // A one-shot prefill (id and password) may wait in storage: use it, then it is gone.
  useEffect(() => {
    const prefill = takeLoginPrefill();
    if (prefill?.userId) form.setValue('userId', prefill.userId);
    if (prefill?.password) form.setValue('password', prefill.password);
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await login.run(values, { setError: form.setError, fields: ['userId', 'password'] });
    if (!res.ok) return;
    rememberMe.save(values.userId, values.rememberMe);
    if ('twoFactorRequired' in res.data) {
      setCodeStep(true);
      return;
    }
    signedIn(res.data.user);
  });

  return (
    <div className="flex min-h-dvh flex-col bg-white lg:flex-row">
      <main className="flex flex-1 flex-col justify-center px-5 py-10 sm:px-10 lg:w-1/2 lg:flex-none lg:px-16 xl:px-24">
        <div className="mx-auto w-full max-w-sm">
          <LogoMark className="mb-8 size-12 lg:hidden" />
          {codeStep ? (
            <>
              <div className="mb-8 space-y-2">
                <h1 className="text-3xl font-bold tracking-tight text-slate-900">Two-factor sign-in</h1>
                <p className="text-base text-slate-500">Open your authenticator app and enter the code it shows for this account.</p>
              </div>
              <CodeForm
                id="login-code"
                submitLabel="Verify and log in"
                submit={submitLoginCode}
                onDone={(data) => signedIn((data as { user: CurrentUser }).user)}
                secondary={
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => {
                      setCodeStep(false);
                      form.setValue('password', '');
                    }}
                  >
                    Back
                  </Button>
                }
              />
            </>
          ) : (
          <>
          <div className="mb-8 space-y-2">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome to the product</h1>
            <p className="text-base text-slate-500">Enter your user ID and password to continue.</p>
          </div>
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
            <FormField id="userId" label="User ID" error={errors.userId?.message}>
              <Input
                autoComplete="username"
                placeholder="MB1234567"
                autoCapitalize="characters"
                spellCheck={false}
                {...fieldA11y('userId', errors.userId?.message)}
                {...form.register('userId')}
              />
            </FormField>
            <FormField id="password" label="Password" error={errors.password?.message}>
              <PasswordInput autoComplete="current-password" placeholder="Enter your password" {...fieldA11y('password', errors.password?.message)} {...form.register('password')} />
            </FormField>
            <div className="flex items-center justify-between gap-3">
              <div className="flex items-center gap-2">
                <Controller
                  control={form.control}
                  name="rememberMe"
                  render={({ field }) => (
                    <Checkbox id="rememberMe" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} />
                  )}
                />
                <Label htmlFor="rememberMe" className="cursor-pointer font-normal text-slate-600">
                  Remember me
                </Label>
              </div>
              <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
                Forgot password?
              </Link>
            </div>
            <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
              {isSubmitting ? 'Logging in...' : 'Log in'}
            </Button>
          </form>
          <p className="mt-8 text-center text-sm text-slate-500">
            Don&apos;t have an account?{' '}
            <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
              Sign up
            </Link>
          </p>
          </>
          )}
        </div>
      </main>
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 lg:flex lg:w-1/2 lg:items-center lg:justify-center">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-500/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-amber-400/10 blur-3xl" />
        <div className="relative flex flex-col items-center gap-10 px-12">
          <LogoMark className="size-20 shadow-2xl shadow-brand-950/40" />
          <LogoHero className="opacity-95" />
        </div>
      </aside>
    </div>
  );
}
