import { useEffect, useState, type FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { MailCheck, UserPlus, UserRoundCheck } from 'lucide-react';
import { MSG, SignupForm, type SponsorResponse } from '@contracts';
import { AuthCard, AuthHeading, AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordField } from '../../components/ui/password-field';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, errorStatus, getRoute } from '../../lib/api';
import { useSignup } from './api';
import { AgreementConsent } from '../agreement';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword', 'sponsorCode', 'agreementVersion'] as const;

type SponsorState = { kind: 'idle' } | { kind: 'checking'; code: string } | { kind: 'valid'; code: string; sponsor: SponsorResponse } | { kind: 'invalid'; code: string; message: string };

/** S2 Signup (doc 1 §2, §5, §8). */
export function SignupPage() {
  const [params] = useSearchParams();
  const [sponsor, setSponsor] = useState<SponsorState>({ kind: 'idle' });
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const signup = useSignup();
  const form = useForm({
    resolver: zodResolver(SignupForm),
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      sponsorCode: (params.get('sponsor') ?? params.get('ref') ?? '').trim(),
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function verifySponsor(raw: string) {
    const code = raw.trim();
    if (!code) {
      setSponsor({ kind: 'idle' });
      return;
    }
    if (sponsor.kind !== 'idle' && sponsor.code === code && sponsor.kind !== 'checking') return;
    setSponsor({ kind: 'checking', code });
    try {
      const found = await getRoute('GET /api/auth/verify-sponsor/:code', { params: { code } });
      setSponsor({ kind: 'valid', code, sponsor: found });
    } catch (err) {
      const message = errorStatus(err) === 429 ? errorMessage(err, MSG.invalidSponsor) : MSG.invalidSponsor;
      setSponsor({ kind: 'invalid', code, message });
    }
  }

  // A code arriving in the link (?sponsor= or ?ref=) is checked at once.
  const initialCode = form.getValues('sponsorCode');
  useEffect(() => {
    if (initialCode) void verifySponsor(initialCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialCode]);

  const sponsorField = form.register('sponsorCode', {
    onBlur: (e: FocusEvent<HTMLInputElement>) => void verifySponsor(e.target.value),
    onChange: () => setSponsor({ kind: 'idle' }),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      fullName: values.fullName,
      email: values.email,
      password: values.password,
      sponsorCode: values.sponsorCode ? values.sponsorCode : undefined,
      agreementVersion: values.agreementVersion,
    };
    const res = await signup.run(body, { setError: form.setError, fields: FIELDS });
    if (res.ok) setDoneMessage(res.data?.message || MSG.signupDone);
  });

  if (doneMessage) {
    return (
      <AuthLayout>
        <AuthCard className="text-center">
          <AuthHeading icon={<MailCheck aria-hidden="true" className="size-6" />} title="Check your email" description={doneMessage} />
          <Button asChild fullWidth>
            <Link to="/">Back to Sign In</Link>
          </Button>
        </AuthCard>
      </AuthLayout>
    );
  }

  const sponsorError = errors.sponsorCode?.message ?? (sponsor.kind === 'invalid' ? sponsor.message : undefined);

  return (
    <AuthLayout>
      <AuthCard>
        <AuthHeading icon={<UserPlus aria-hidden="true" className="size-6" />} title="Create your account" description="Sign up to join the network. An admin reviews every registration." />
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="fullName" label="Full Name" error={errors.fullName?.message}>
            <Input autoComplete="name" placeholder="Your full name" {...fieldA11y('fullName', errors.fullName?.message)} {...form.register('fullName')} />
          </FormField>
          <FormField id="email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...fieldA11y('email', errors.email?.message)} {...form.register('email')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="password" label="Password" error={errors.password?.message}>
              <PasswordInput autoComplete="new-password" {...fieldA11y('password', errors.password?.message)} {...form.register('password')} />
            </FormField>
            <PasswordField form={form} name="confirmPassword" label="Confirm Password" />
          </div>
          <FormField id="sponsorCode" label="Sponsor Code" optional error={sponsorError} hint="The user ID of the member who referred you.">
            <div className="relative">
              <Input autoCapitalize="characters" spellCheck={false} placeholder="MB1234567" {...fieldA11y('sponsorCode', sponsorError, true)} {...sponsorField} />
              {sponsor.kind === 'checking' ? (
                <span className="absolute inset-y-0 right-3 flex items-center text-slate-400">
                  <Spinner label="Checking sponsor code" />
                </span>
              ) : null}
            </div>
          </FormField>
          {sponsor.kind === 'valid' ? (
            <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4" aria-live="polite">
              <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-emerald-900">
                <UserRoundCheck aria-hidden="true" className="size-4" /> Referred by
              </p>
              <dl className="grid gap-1 text-sm text-emerald-900">
                <div className="flex gap-2">
                  <dt className="w-14 shrink-0 text-emerald-700">Name</dt>
                  <dd className="font-medium">{sponsor.sponsor.name}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="w-14 shrink-0 text-emerald-700">Email</dt>
                  <dd className="font-medium break-all">{sponsor.sponsor.email}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="w-14 shrink-0 text-emerald-700">ID</dt>
                  <dd className="font-mono font-medium">{sponsor.sponsor.id}</dd>
                </div>
              </dl>
            </div>
          ) : null}
          <AgreementConsent
            value={form.watch('agreementVersion') as number | undefined}
            onChange={(v) => form.setValue('agreementVersion', v as number, { shouldValidate: form.formState.isSubmitted })}
            error={errors.agreementVersion?.message}
          />
          <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
            {isSubmitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-500">
          Already have an account?{' '}
          <Link to="/" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    </AuthLayout>
  );
}
