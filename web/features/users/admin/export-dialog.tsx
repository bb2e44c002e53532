import { useState } from 'react';
import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { toQueryString } from '../../../lib/admin/format';

type Format = 'csv' | 'xlsx';

const FORMATS: Array<{ value: Format; label: string; hint: string; icon: typeof FileText }> = [
  { value: 'csv', label: 'CSV', hint: 'Plain text, opens anywhere', icon: FileText },
  { value: 'xlsx', label: 'Excel', hint: 'Spreadsheet (.xlsx)', icon: FileSpreadsheet },
];

/** The export address: the server streams the file (passwords are never included). */
export function exportHref(format: Format, params: Record<string, string | undefined>): string {
  return `/api/admin/users/export${toQueryString({ ...params, format })}`;
}

/**
 * Export with a format choice (doc 2 §2.3, §2.4). The download is a plain link so the browser
 * streams the file straight to disk.
 */
export function ExportDialog({
  open,
  onOpenChange,
  title,
  description,
  params,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  params: Record<string, string | undefined>;
}) {
  const [format, setFormat] = useState<Format>('csv');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Format</legend>
          <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label="Format">
            {FORMATS.map((f) => (
              <label
                key={f.value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border p-3.5 transition-colors',
                  format === f.value ? 'border-brand-500 bg-brand-50/60 ring-2 ring-brand-500/20' : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input type="radio" name="export-format" value={f.value} checked={format === f.value} onChange={() => setFormat(f.value)} className="sr-only" />
                <f.icon aria-hidden="true" className={cn('size-5', format === f.value ? 'text-brand-700' : 'text-slate-500')} />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{f.label}</span>
                  <span className="block text-xs text-slate-500">{f.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-4 text-xs text-slate-500">Passwords and PINs are never exported.</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button asChild>
            <a href={exportHref(format, params)} download onClick={() => setTimeout(() => onOpenChange(false), 0)}>
              <Download aria-hidden="true" className="size-4" /> Download {format === 'csv' ? 'CSV' : 'Excel'}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
