import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ReferralLinkForm } from './referral-link-form';

/** The link generator on its own, where founders can reach it (Pending Recruits header). */
export function ReferralLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !busy && onOpenChange(false))}>
      <DialogContent title="Generate Referral Link" description="A single-use registration link, valid for 48 hours, that places the new user where you choose." className="sm:max-w-xl">
        <ReferralLinkForm onBusyChange={setBusy} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
