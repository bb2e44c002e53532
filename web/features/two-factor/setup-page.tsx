import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { KeyRound, LogOut, ShieldCheck, Smartphone } from 'lucide-react';
import type { RecoveryCodesResponse, TwoFactorSetupResponse } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LogoMark } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { CURRENT_USER_KEY, homePathOf, useLogout, useSignedInUser } from '../account';
import { useOnce } from '../auth';
import { enableTwoFactor, startTwoFactorSetup } from './api';
import { CodeForm } from '../../components/ui/code-form';
import { CopyButton, RecoveryCodesPanel } from './recovery-codes-panel';

/** The secret in groups of four, as people copy it into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * /two-factor-setup (issue 13): scan the QR code (or type the key) into any authenticator app, confirm with its
 * first code, keep the recovery codes. Admins and founders land here at their next sign-in until it is done.
 */
export default function TwoFactorSetupPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const forced = user.twoFactor.required && !user.twoFactor.enabled;
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    setFailed(null);
    const res = await startTwoFactorSetup();
    if (res.ok) setSetup(res.data);
    else setFailed(res.error.message ?? 'Two-factor set-up could not start.');
  };
  useOnce(user.twoFactor.enabled ? null : user.id, () => void start());

  useEffect(() => {
    if (!setup) return;
    let live = true;
    void QRCode.toDataURL(setup.otpauthUri, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [setup]);

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    toast({ title: 'Two-factor sign-in is on', description: 'Signing in now also asks for a code from your app.' });
    navigate(forced ? homePathOf(user) : user.role === 'user' ? '/settings' : homePathOf(user), { replace: true });
  };

  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <LogoMark className="size-10" />
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">Set up two-factor sign-in</h1>
              <p className="text-sm text-slate-500">{user.email}</p>
            </div>
          </div>
          {forced ? (
            <Button variant="ghost" onClick={() => logout.mutate()} loading={logout.isPending}>
              <LogOut aria-hidden="true" className="size-4" />
              Log out
            </Button>
          ) : null}
        </div>
        {forced ? (
          <Alert tone="info" title="Your role requires two-factor sign-in">
            Admins and founders sign in with their password and a code from an authenticator app. Set it up now to continue.
          </Alert>
        ) : null}

        {user.twoFactor.enabled && !codes ? (
          <Alert tone="success" title="Two-factor sign-in is already on" />
        ) : codes ? (
          <Card>
            <CardHeader>
              <CardTitle icon={KeyRound}>Your recovery codes</CardTitle>
            </CardHeader>
            <CardContent className="pt-3">
              <RecoveryCodesPanel codes={codes} onContinue={() => void finish()} continueLabel="Continue" />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle icon={Smartphone}>1. Add this account to your authenticator app</CardTitle>
              <CardDescription>Any app that shows 6-digit codes works: Google Authenticator, Microsoft Authenticator, 1Password, Authy and others.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-6 pt-4">
              {failed ? (
                <Alert
                  tone="danger"
                  title={failed}
                  action={
                    <Button variant="outline" onClick={() => void start()}>
                      Try again
                    </Button>
                  }
                />
              ) : !setup ? (
                <div className="flex justify-center py-10">
                  <Spinner />
                </div>
              ) : (
                <div className="grid items-center gap-6 sm:grid-cols-[220px_1fr]">
                  <div className="mx-auto flex size-[220px] items-center justify-center rounded-xl bg-white ring-1 ring-slate-200">
                    {qr ? <img src={qr} width={220} height={220} alt="QR code to scan with your authenticator app" /> : <Spinner />}
                  </div>
                  <div className="space-y-3 text-sm text-slate-600">
                    <p>Scan the QR code with the app. If you cannot scan, choose “enter a setup key” in the app and type this key:</p>
                    <p data-testid="totp-secret" className="rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-base break-words text-slate-900 select-all">
                      {grouped(setup.secret)}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <CopyButton text={setup.secret} label="Copy key" />
                      <span className="text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</span>
                    </div>
                  </div>
                </div>
              )}
              <div className="border-t border-slate-200 pt-5">
                <h2 className="mb-1 flex items-center gap-2 text-base font-semibold text-slate-900">
                  <ShieldCheck aria-hidden="true" className="size-5 text-brand-600" />
                  2. Enter the code the app shows
                </h2>
                <p className="mb-4 text-sm text-slate-500">This confirms the app and this account agree.</p>
                <CodeForm id="enrol-code" allowRecovery={false} submitLabel="Turn on two-factor" submit={enableTwoFactor} onDone={(data) => setCodes((data as RecoveryCodesResponse).recoveryCodes)} />
              </div>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
