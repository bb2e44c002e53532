import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { LucideIcon } from 'lucide-react';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from './dialog';

/** The open state of a form's dialog; `done(ok)` clears the form and closes it after a successful submit. */
export function useFormDialog<T extends FieldValues>(form: UseFormReturn<T>) {
  const [open, setOpen] = useState(false);
  const done = (ok: boolean) => {
    if (!ok) return;
    form.reset();
    setOpen(false);
  };
  return { open, setOpen, busy: form.formState.isSubmitting, done };
}

/**
 * A dialog around one form: its trigger button (the icon and the title), the form's fields, and Cancel / submit in the
 * footer (the submit says the title unless named). It cannot be closed while the form is submitting.
 */
export function FormDialog({
  state: { open, setOpen, busy },
  icon,
  title,
  description,
  submitLabel = title,
  onSubmit,
  children,
}: {
  state: { open: boolean; setOpen: (open: boolean) => void; busy: boolean };
  icon: LucideIcon;
  title: string;
  description: string;
  submitLabel?: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" icon={icon}>
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
          {children}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
