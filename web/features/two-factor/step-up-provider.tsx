import { useEffect, useRef, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { MSG } from '@contracts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { setStepUpPrompt } from '../../lib/step-up';
import { confirmStepUp } from './api';
import { CodeForm } from '../../components/ui/code-form';

/**
 * Asks for the authenticator code when the server wants it again (Send Fund, withdrawal approval, payout posting,
 * plan activation, role changes, password resets of other users); the refused call then runs once more.
 */
export function StepUpProvider({ asking }: { asking?: (ok: boolean) => void } = {}) {
  // Loaded by a first request for the code (app/signed-in-app.tsx), it opens at once for that request.
  const [open, setOpen] = useState(Boolean(asking));
  const settle = useRef<((ok: boolean) => void) | null>(asking ?? null);

  useEffect(() => {
    setStepUpPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setOpen(true);
        }),
    );
    return () => setStepUpPrompt(null);
  }, []);

  const finish = (ok: boolean) => {
    settle.current?.(ok);
    settle.current = null;
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? setOpen(true) : finish(false))}>
      <DialogContent className="max-w-md" title="Confirm it is you" description={`${MSG.stepUpRequired} You will not be asked again for 5 minutes.`}>
        <div className="mb-4 flex justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
            <ShieldCheck aria-hidden="true" className="size-6 text-brand-600" />
          </span>
        </div>
        <CodeForm
          id="step-up-code"
          submitLabel="Confirm"
          submit={confirmStepUp}
          onDone={() => finish(true)}
          secondary={
            <Button type="button" variant="outline" onClick={() => finish(false)}>
              Cancel
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
export default StepUpProvider;
