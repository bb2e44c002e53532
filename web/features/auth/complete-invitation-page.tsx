import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleX, PartyPopper } from 'lucide-react';
import { AGREEMENT_MSG, CompleteInvitationForm, MSG } from '@contracts';
import { AuthCard, AuthHeading, AuthOutcome, AuthLayout } from '../../components/layout/auth-layout';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordField } from '../../components/ui/password-field';
import { InlineLoader } from '../../components/ui/spinner';
import { toastError } from '../../components/ui/toast';
import { fetchCurrentUser, useSwitchUser } from '../account';
import { useCompleteInvitation, validateInvitation } from './api';
import { AgreementConsent } from '../agreement';
import { useOnce } from './use-once';

const MISSING = 'This invitation link is missing required information.';
const VALIDATION_FAILED = 'Failed to validate invitation. Please try again.';

type State = { kind: 'validating' } | { kind: 'invalid'; message: string } | { kind: 'valid'; firstName: string; email: string; agreementRequired: boolean };

/** S6 Complete Account Setup (doc 1 §2, §4, §5, §8). */
export function CompleteInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || '';
  const navigate = useNavigate();
  const switchUser = useSwitchUser();
  const [state, setState] = useState<State>({ kind: 'validating' });

  const complete = useCompleteInvitation();
  const form = useForm({ resolver: zodResolver(CompleteInvitationForm), defaultValues: { password: '', confirmPassword: '' } });
  const { isSubmitting, errors } = form.formState;

  useOnce(token ? null : 'missing', () => {
    toastError(MISSING, 'Invalid Invitation');
    navigate('/', { replace: true });
  });

  useOnce(token || null, () => {
    void (async () => {
      try {
        const res = await validateInvitation(token);
        if (res.ok && res.data?.user) {
          setState({ kind: 'valid', firstName: res.data.user.firstName, email: res.data.user.email, agreementRequired: res.data.agreementRequired === true });
          return;
        }
        setState({ kind: 'invalid', message: MSG.invitationInvalid });
      } catch {
        setState({ kind: 'invalid', message: VALIDATION_FAILED });
        toastError(VALIDATION_FAILED);
      }
    })();
  });

  const onInvalid = (errs: FieldErrors<{ password: string; confirmPassword: string }>) => {
    if (errs.password) toastError(MSG.invitationPasswordMin, 'Password Too Short');
    else if (errs.confirmPassword) toastError(MSG.invitationPasswordMismatch, "Passwords Don't Match");
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // An invited member accepts the Direct Seller Agreement with the password (issue 32); an invited admin is not asked.
    if (state.kind === 'valid' && state.agreementRequired && values.agreementVersion === undefined) {
      form.setError('agreementVersion', { message: AGREEMENT_MSG.acceptRequired });
      return;
    }
    const body = { token, password: values.password, ...(values.agreementVersion !== undefined ? { agreementVersion: values.agreementVersion } : {}) };
    if (!(await complete.run(body, { setError: form.setError, fields: ['password', 'agreementVersion'] })).ok) return;
    // The server may have signed the new member in: that user and the address change in one render.
    switchUser(await fetchCurrentUser(), '/');
  }, onInvalid);

  if (!token) return null;

  return (
    <AuthLayout>
      <AuthCard>
        {state.kind === 'validating' ? (
          <InlineLoader label="Validating your invitation..." />
        ) : state.kind === 'invalid' ? (
          <div className="text-center">
            <AuthOutcome tone="error" icon=<CircleX aria-hidden="true" className="size-8" /> title="Invalid Invitation" description={state.message} />
            <Button asChild size="lg" fullWidth>
              <Link to="/">Back to Sign In</Link>
            </Button>
          </div>
        ) : (
          <>
            <AuthHeading
              icon={<PartyPopper aria-hidden="true" className="size-6" />}
              title="Complete Account Setup"
              description={`Welcome, ${state.firstName}! Choose a password to finish setting up your account.`}
            />
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
              <FormField id="email" label="Email">
                <Input id="email" type="email" value={state.email} readOnly className="bg-slate-50! text-slate-600!" />
              </FormField>
              <PasswordField form={form} name="password" label="Password" />
              <PasswordField form={form} name="confirmPassword" label="Confirm Password" />
              {state.agreementRequired ? (
                <AgreementConsent
                  value={form.watch('agreementVersion') as number | undefined}
                  onChange={(v) => {
                    form.setValue('agreementVersion', v);
                    if (v !== undefined) form.clearErrors('agreementVersion');
                  }}
                  error={errors.agreementVersion?.message}
                />
              ) : null}
              <Button type="submit" size="lg" fullWidth loading={isSubmitting} className="mt-2">
                {isSubmitting ? 'Setting up...' : 'Complete Setup'}
              </Button>
            </form>
          </>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
