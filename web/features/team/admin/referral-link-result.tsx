import { useEffect, useRef, useState } from 'react';
import { Check, Clock, Copy, Link2, RotateCcw } from 'lucide-react';
import type { ReferralGenerateResponse } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { formatDateTimeUS } from '../../../lib/admin/format';

/** The generated link: read-only field, Copy, its placement and when it expires. */
export function ReferralLinkResult({ result, placement, onAnother, onDone }: { result: ReferralGenerateResponse; placement: string; onAnother: () => void; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(result.url);
      setCopied(true);
      toast({ title: 'Link copied', description: 'Send it to the new user; it works once.', variant: 'success' });
    } catch {
      // Clipboard refused (permissions, insecure origin): select the text so Ctrl+C works.
      input.current?.select();
      toast({ title: 'Copy the link manually', description: 'The link is selected: press Ctrl+C (Cmd+C on a Mac).' });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3.5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-emerald-700 ring-1 ring-emerald-200">
          <Link2 aria-hidden="true" className="size-4.5" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-emerald-900">Referral link ready</p>
          <p className="text-emerald-800/90">Placement: {placement}</p>
        </div>
      </div>

      <div className="space-y-1.5">
        <label htmlFor="referral-url" className="block text-sm font-medium text-slate-700">
          Referral link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id="referral-url" ref={input} readOnly value={result.url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} aria-describedby="referral-url-hint" />
          <Button onClick={() => void copy()} variant={copied ? 'secondary' : 'primary'} className="sm:w-28">
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p id="referral-url-hint" className="flex items-center gap-1.5 text-xs text-slate-500">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          Valid for 48 hours{result.expiresAt ? `, until ${formatDateTimeUS(result.expiresAt)}` : ''}, for one registration.
        </p>
        <span className="sr-only" aria-live="polite">
          {copied ? 'Link copied to the clipboard' : ''}
        </span>
      </div>

      <p className="text-sm text-slate-600">The new user fills in the registration form from this link; the registration then waits in Pending Recruits for approval.</p>

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onAnother} icon={RotateCcw}>
          Generate another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
