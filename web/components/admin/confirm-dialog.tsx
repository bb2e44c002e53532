import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../ui/button';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';

/** A yes/no question in our own dialog (used where the source asked with the browser's confirm). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = 'primary',
  onConfirm,
  busy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={title} description={description}>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The yes/no of a decision (approve a request, reconsider a withdrawal): open while shown, busy while `decide` runs,
 * closed after it succeeds; a refusal keeps it open (its toast says why).
 */
export function DecisionDialog({
  decide,
  onClose,
  ...question
}: Omit<Parameters<typeof ConfirmDialog>[0], 'open' | 'onOpenChange' | 'onConfirm' | 'busy'> & { decide: () => Promise<{ ok: boolean }>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      {...question}
      open
      onOpenChange={(open) => !open && onClose()}
      busy={busy}
      onConfirm={() => {
        setBusy(true);
        void decide().then((res) => {
          setBusy(false);
          if (res.ok) onClose();
        });
      }}
    />
  );
}
