import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Check, Copy, Link2, UserPlus, X } from 'lucide-react';
import type { z } from 'zod';
import { RecruitRequest, type RecruitResponse } from '@contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogTrigger, FormFooter } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/format';
import { toastError } from '../../lib/mutation';
import { useCreateRecruitLink } from './actions-api';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { schemaResolver } from './resolver';
import { TextField } from '../../components/ui/text-field';

const POSITIONS = [
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
] as const;

type Values = { fullName: string; email: string; position: 'left' | 'right' };
const EMPTY: Values = { fullName: '', email: '', position: 'left' };
const FIELDS = ['fullName', 'email', 'position'] as const;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Add Recruit (doc 3 §2.4): POST /api/team/recruit, the link copied and shown with Copy and Clear. */
export function AddRecruitDialog() {
  const [open, setOpen] = useState(false);
  // Kept outside the dialog's content so closing and reopening still shows the last link until Clear.
  const [link, setLink] = useState<RecruitResponse | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useCreateRecruitLink();
  const form = useForm<Values, unknown, z.output<typeof RecruitRequest>>({
    resolver: schemaResolver<Values, typeof RecruitRequest>(RecruitRequest),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const err = (f: keyof Values) => errors[f]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const res = await create.run(values, { setError: form.setError, fields: FIELDS });
    if (!res.ok) return;
    if (!res.data?.referralLink) return toastError('Please try again', 'Error generating link');
    setLink(res.data);
    const ok = await copyText(res.data.referralLink);
    setCopied(ok);
    toast({
      title: 'Referral Link Generated',
      description: ok ? 'The link has been copied to your clipboard.' : 'Copy the link below and send it to your recruit.',
      variant: 'success',
    });
  });

  const copy = async () => {
    if (!link) return;
    const ok = await copyText(link.referralLink);
    setCopied(ok);
    if (ok) toast({ title: 'Link Copied', description: 'The referral link is on your clipboard.', variant: 'success' });
    else toastError('Select the link and copy it by hand.', 'Could not copy');
  };

  const clear = () => {
    setLink(null);
    setCopied(false);
    form.reset(EMPTY);
    // The Clear button itself goes away: put the focus on the first field of the empty form.
    setTimeout(() => form.setFocus('fullName'), 0);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button icon={UserPlus}>Add Recruit</Button>
      </DialogTrigger>
      <DialogContent title="Add Recruit" description="Generate a personal referral link for a new recruit. The link works once and is bound to this email.">
        {link ? (
          <div className="space-y-4">
            <Alert tone="success" title="Referral link ready">
              {copied ? 'Copied to your clipboard. ' : ''}Valid until {formatDateTime(link.expiresAt)}; the recruit joins your {link.position} side by default.
            </Alert>
            <FormField id="recruit-link" label="Referral Link">
              <Textarea id="recruit-link" readOnly rows={3} value={link.referralLink} onFocus={(e) => e.currentTarget.select()} className="resize-none font-mono text-xs break-all" />
            </FormField>
            <DialogFooter>
              <Button variant="outline" onClick={clear} icon={X}>
                Clear
              </Button>
              <Button onClick={() => void copy()}>{copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />} Copy</Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
            <TextField form={form} name="fullName" id="recruit-fullName" label="Full Name" autoComplete="off" />
            <TextField form={form} name="email" id="recruit-email" label="Email" type="email" autoComplete="off" />
            <ChoiceCards legend="Position" options={POSITIONS} error={err('position')} {...form.register('position')} />
            <FormFooter onCancel={() => setOpen(false)} busy={isSubmitting}>
              {isSubmitting ? null : <Link2 aria-hidden="true" className="size-4" />} Generate Link
            </FormFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
