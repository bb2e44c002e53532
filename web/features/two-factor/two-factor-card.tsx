import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { TwoFactorDisableRequest, type RecoveryCodesResponse } from '@contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { getRoute } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { renewRecoveryCodes, useDisableTwoFactor } from './api';
import { CodeForm } from '../../components/ui/code-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';

export const TWO_FACTOR_KEY = ['/api/auth/two-factor'] as const;

function NewCodesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    onOpenChange(false);
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent title="New recovery codes" description={codes ? undefined : 'Enter a code from your app. The recovery codes you have now stop working.'}>
        {codes ? (
          <RecoveryCodesPanel codes={codes} onContinue={close} continueLabel="Done" />
        ) : (
          <CodeForm id="renew-code" allowRecovery={false} submitLabel="Make new codes" submit={renewRecoveryCodes} onDone={(data) => setCodes((data as RecoveryCodesResponse).recoveryCodes)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DisableDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const disable = useDisableTwoFactor(TWO_FACTOR_KEY);
  const form = useForm({ resolver: zodResolver(TwoFactorDisableRequest), defaultValues: { password: '', code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (!(await disable.run(values, { setError: form.setError, fields: ['password', 'code'] })).ok) return;
    form.reset();
    onOpenChange(false);
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Turn off two-factor sign-in" description="Signing in will ask only for your password. Confirm with your password and a code.">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          <FormField id="disable-password" label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...fieldA11y('disable-password', errors.password?.message)} {...form.register('password')} />
          </FormField>
          <FormField id="disable-code" label="Authentication or recovery code" error={errors.code?.message}>
            <Input autoComplete="one-time-code" spellCheck={false} className="font-mono" {...fieldA11y('disable-code', errors.code?.message)} {...form.register('code')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={isSubmitting}>
              Turn off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Two-factor sign-in on the settings screens: status, set-up, new recovery codes, and (members) turning it off. */
export function TwoFactorCard() {
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: () => getRoute('GET /api/auth/two-factor') });
  const [renew, setRenew] = useState(false);
  const [disable, setDisable] = useState(false);
  const s = status.data;
  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title" className="flex items-center gap-2">
          {s?.enabled ? <ShieldCheck aria-hidden="true" className="size-5 text-emerald-600" /> : <ShieldOff aria-hidden="true" className="size-5 text-slate-500" />}
          Two-factor sign-in
          {s ? <Badge tone={s.enabled ? 'success' : 'neutral'}>{s.enabled ? 'On' : 'Off'}</Badge> : null}
        </CardTitle>
        <CardDescription>{s?.required ? 'Required for your role. ' : ''}You enter a code from an authenticator app after your password, and again before money moves.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 pt-3 text-sm text-slate-600">
        {status.isError ? <p>Two-factor status could not be loaded.</p> : null}
        {s?.enabled ? (
          <>
            <p>
              On since {s.enabledAt ? formatDateTime(s.enabledAt) : '—'} · {s.recoveryCodesLeft} of 10 recovery codes left
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setRenew(true)}>
                New recovery codes
              </Button>
              {s.required ? null : (
                <Button variant="ghost" size="sm" onClick={() => setDisable(true)}>
                  Turn off
                </Button>
              )}
            </div>
          </>
        ) : s ? (
          <Button asChild size="sm">
            <Link to="/two-factor-setup">Set up two-factor sign-in</Link>
          </Button>
        ) : null}
      </CardContent>
      <NewCodesDialog open={renew} onOpenChange={setRenew} />
      <DisableDialog open={disable} onOpenChange={setDisable} />
    </Card>
  );
}
