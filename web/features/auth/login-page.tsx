import { lazy, Suspense, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '@contracts';
import { Button } from '../../components/ui/button';
import { NativeCheckbox } from '../../components/ui/native-checkbox';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { BrandMark, LogoHero, useCompanyName } from '../../components/ui/logo';
import { useDocumentTitle } from '../../lib/branding';
import { PasswordInput } from '../../components/ui/password-input';
import { InlineLoader } from '../../components/ui/spinner';
import { toastError } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { postLogin, submitLoginCode } from './sign-in-requests';
import { rememberMe, takeLoginPrefill } from '../../lib/storage';
import { homePathOf, useSwitchUser } from '../account';
import { checkLogin, LOGIN_MESSAGES, type LoginErrors, type LoginField, type LoginValues } from './login-check';

// The code step (form library and the code schema) loads only for an account with two-factor sign-in.
const CodeForm = lazy(() => import('../../components/ui/code-form').then((m) => ({ default: m.CodeForm })));

/**
 * S1 Login (doc 1 §2): welcome text and form on the left, the logo on the right. The two fields are checked by
 * checkLogin (LoginRequest's rules without zod, issue 14): errors appear on submit, then follow each change.
 */
export function LoginPage() {
  const switchUser = useSwitchUser();
  // The company's name and logo (issue 15), from admin Settings > Branding.
  const company = useCompanyName();
  useDocumentTitle('Sign in');
  const [values, setValues] = useState<LoginValues>(() => {
    const remembered = rememberMe.read();
    return { userId: remembered.remember ? remembered.userId : '', password: '', rememberMe: remembered.remember };
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Two-factor on: the password was right and the server waits for the code (issue 13).
  const [codeStep, setCodeStep] = useState(false);
  // Each role lands on its own portal (issue 30): admins /admin, founders /founder, franchise holders /franchise.
  const signedIn = (user: CurrentUser) => switchUser(user, homePathOf(user));

  // A one-shot prefill (id and password) may wait in storage: use it, then it is gone.
  useEffect(() => {
    const prefill = takeLoginPrefill();
    if (prefill?.userId || prefill?.password) {
      setValues((v) => ({ ...v, ...(prefill.userId ? { userId: prefill.userId } : {}), ...(prefill.password ? { password: prefill.password } : {}) }));
    }
  }, []);

  const change = (field: LoginField) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // After a submit, the changed field's message follows what is typed.
    if (submitted) setErrors((prev) => ({ ...prev, [field]: checkLogin(next).errors[field] }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const checked = checkLogin(values);
    setErrors(checked.errors);
    const invalid = (['userId', 'password'] as const).find((f) => checked.errors[f]);
    if (invalid) {
      document.getElementById(invalid)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const res = await postLogin(checked.values);
      if (!res.ok) {
        const fieldErrors = res.error.fieldErrors ?? {};
        setErrors({ userId: fieldErrors.userId?.[0], password: fieldErrors.password?.[0] });
        toastError(res.error.message || LOGIN_MESSAGES.invalidCredentials, 'Login failed');
        return;
      }
      rememberMe.save(checked.values.userId, checked.values.rememberMe);
      if ('twoFactorRequired' in res.data) {
        setCodeStep(true);
        return;
      }
      signedIn(res.data.user);
    } catch (err) {
      toastError(errorMessage(err, LOGIN_MESSAGES.invalidCredentials), 'Login failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="flex min-h-dvh flex-col bg-white lg:flex-row">
      <main className="flex flex-1 flex-col justify-center px-5 py-10 sm:px-10 lg:w-1/2 lg:flex-none lg:px-16 xl:px-24">
        <div className="mx-auto w-full max-w-sm">
          <BrandMark className="mb-8 size-12 lg:hidden" />
          {codeStep ? (
            <>
              <div className="mb-8 space-y-2">
                <h1 className="text-3xl font-bold tracking-tight text-slate-900">Two-factor sign-in</h1>
                <p className="text-base text-slate-500">Open your authenticator app and enter the code it shows for this account.</p>
              </div>
              <Suspense fallback={<InlineLoader label="Loading..." />}>
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
                        setValues((v) => ({ ...v, password: '' }));
                      }}
                    >
                      Back
                    </Button>
                  }
                />
              </Suspense>
            </>
          ) : (
            <>
              <div className="mb-8 space-y-2">
                <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome to {company}</h1>
                <p className="text-base text-slate-500">Enter your user ID and password to continue.</p>
              </div>
              <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
                <FormField id="userId" label="User ID" error={errors.userId}>
                  <Input
                    autoComplete="username"
                    placeholder="MB1234567"
                    autoCapitalize="characters"
                    spellCheck={false}
                    name="userId"
                    value={values.userId}
                    onChange={change('userId')}
                    {...fieldA11y('userId', errors.userId)}
                  />
                </FormField>
                <FormField id="password" label="Password" error={errors.password}>
                  <PasswordInput
                    autoComplete="current-password"
                    placeholder="Enter your password"
                    name="password"
                    value={values.password}
                    onChange={change('password')}
                    {...fieldA11y('password', errors.password)}
                  />
                </FormField>
                <div className="flex items-center justify-between gap-3">
                  <div className="flex items-center gap-2">
                    <NativeCheckbox id="rememberMe" name="rememberMe" checked={values.rememberMe} onChange={(e) => setValues((prev) => ({ ...prev, rememberMe: e.target.checked }))} />
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
          <BrandMark className="size-20 rounded-[25%] bg-white shadow-2xl shadow-brand-950/40" />
          <p className="text-center text-2xl font-semibold tracking-tight text-white">{company}</p>
          <LogoHero className="opacity-95" />
        </div>
      </aside>
    </div>
  );
}
