import { useState } from 'react';
import { Link2, Mail } from 'lucide-react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { ReferralLinkForm } from '../../team';
import { Tabs, type TabDef } from '../../../components/admin/tabs';
import { InviteUserForm } from './invite-user-form';

type Mode = 'link' | 'invite';
const TABS: TabDef<Mode>[] = [
  { id: 'link', label: 'Generate Referral Link', icon: Link2 },
  { id: 'invite', label: 'Invite by email', icon: Mail },
];
const DESCRIPTION: Record<Mode, string> = {
  link: 'A single-use registration link, valid for 48 hours, that places the new user where you choose.',
  invite: 'An email invitation to set a password and complete the account.',
};

/**
 * Add New User (doc 2 §2.7): the two ways in, as tabs. A referral link lets the new user register
 * with a chosen placement; an invitation (POST /api/users) creates the account by email.
 */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [mode, setMode] = useState<Mode>('link');
  const [busy, setBusy] = useState(false);
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !busy && close())}>
      <DialogContent title="Add New User" description={DESCRIPTION[mode]} className="sm:max-w-xl">
        <Tabs label="How to add the user" tabs={TABS} value={mode} onChange={(m) => !busy && setMode(m)} idPrefix="add-user">
          {mode === 'link' ? <ReferralLinkForm onBusyChange={setBusy} onCancel={close} /> : <InviteUserForm onBusyChange={setBusy} onDone={close} />}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
