import { useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';

// Its own module: the Security card of every portal shows new recovery codes without loading the set-up page.
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {copied ? 'Copied' : label}
    </Button>
  );
}

/** The recovery codes, shown once: copy, download, and a check that they were kept. */
export function RecoveryCodesPanel({ codes, onContinue, continueLabel }: { codes: string[]; onContinue: () => void; continueLabel: string }) {
  const [saved, setSaved] = useState(false);
  const text = `Recovery codes for two-factor sign-in (each works once):\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-5">
      <Alert tone="warning" title="Save these recovery codes now">
        If you lose your phone, a recovery code signs you in instead of the app. Each works once, and they are not shown again.
      </Alert>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:text-base">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-white px-3 py-1.5 text-center ring-1 ring-slate-200">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy codes" />
        <Button type="button" variant="outline" size="sm" onClick={download} icon={Download}>
          Download .txt
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id="codes-saved" checked={saved} onCheckedChange={(v) => setSaved(v === true)} />
        <Label htmlFor="codes-saved" className="cursor-pointer font-normal text-slate-700">
          I have saved my recovery codes somewhere safe
        </Label>
      </div>
      <Button type="button" disabled={!saved} onClick={onContinue} fullWidth>
        {continueLabel}
      </Button>
    </div>
  );
}
