import { useId, type ChangeEvent } from 'react';
import { AlertCircle, CheckCircle2, FileText, ImageIcon, Loader2, RotateCcw, Trash2, Upload } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { cn } from '../../lib/cn';
import { formatBytes } from '../../lib/format';
import { DOCUMENT_ACCEPT, IMAGE_ACCEPT, type ReferralDocument } from './documents';
import type { UploadState } from './use-document-uploads';

interface DocumentPickerProps {
  doc: ReferralDocument;
  state: UploadState;
  disabled?: boolean;
  onSelect: (file: File) => void;
  onRetry: () => void;
  onRemove: () => void;
}

const frame = {
  empty: 'border-dashed border-slate-300 bg-slate-50/60',
  compressing: 'border-brand-200 bg-brand-50/40',
  uploading: 'border-brand-200 bg-brand-50/40',
  error: 'border-red-200 bg-red-50/50',
  done: 'border-emerald-200 bg-emerald-50/40',
} as const;

function StatusIcon({ doc, state }: { doc: ReferralDocument; state: UploadState }) {
  const box = 'flex size-10 shrink-0 items-center justify-center rounded-lg';
  if (state.status === 'done')
    return (
      <span className={cn(box, 'bg-emerald-100 text-emerald-700')}>
        <CheckCircle2 aria-hidden="true" className="size-5" />
      </span>
    );
  if (state.status === 'error')
    return (
      <span className={cn(box, 'bg-red-100 text-red-600')}>
        <AlertCircle aria-hidden="true" className="size-5" />
      </span>
    );
  if (state.status !== 'empty')
    return (
      <span className={cn(box, 'bg-brand-100 text-brand-700')}>
        <Loader2 aria-hidden="true" className="size-5 animate-spin" />
      </span>
    );
  const Icon = doc.photo ? ImageIcon : FileText;
  return (
    <span className={cn(box, 'bg-white text-slate-500 ring-1 ring-slate-200')}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

function StatusText({ doc, state }: { doc: ReferralDocument; state: UploadState }) {
  const kinds = doc.photo ? 'JPG or PNG' : 'JPG, PNG or PDF';
  switch (state.status) {
    case 'empty':
      return <span className="text-slate-500">{kinds}, less than 10MB</span>;
    case 'compressing':
      return <span className="text-brand-700">Compressing...</span>;
    case 'uploading':
      return <span className="text-brand-700">Uploading {state.progress}%</span>;
    case 'done':
      return (
        <span className="text-emerald-700">
          Ready
          {state.outputSize !== undefined && state.fileSize !== undefined && state.outputSize < state.fileSize ? ` · compressed to ${formatBytes(state.outputSize)}` : ''}
        </span>
      );
    case 'error':
      return <span className="font-medium text-red-700">{state.error}</span>;
  }
}

/** One of the five document pickers (doc 1 §2): file name, compressing or percent, error, Retry and Remove. */
export function DocumentPicker({ doc, state, disabled, onSelect, onRetry, onRemove }: DocumentPickerProps) {
  const id = useId();
  const inputId = `${id}-file`;
  const titleId = `${id}-title`;
  const statusId = `${id}-status`;
  const hasFile = state.status !== 'empty';
  // Three buttons do not fit beside the icon on a phone: Retry and Remove keep only their icons there.
  const compact = state.status === 'error' ? 'sr-only sm:not-sr-only' : undefined;

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // Cleared so the same file can be picked again after Remove or a refusal.
    e.target.value = '';
    if (file) onSelect(file);
  }

  return (
    <div className={cn('rounded-xl border p-3.5 transition-colors sm:p-4', frame[state.status])} data-status={state.status}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <StatusIcon doc={doc} state={state} />
          <div className="min-w-0 flex-1">
            <p id={titleId} className="text-sm font-semibold text-slate-900">
              {doc.label}
            </p>
            <div id={statusId} aria-live="polite" className="mt-0.5 space-y-0.5 text-xs leading-5">
              {state.fileName ? (
                <p className="truncate font-medium text-slate-700" title={state.fileName}>
                  {state.fileName}
                  {state.fileSize !== undefined ? <span className="font-normal text-slate-500"> · {formatBytes(state.fileSize)}</span> : null}
                </p>
              ) : null}
              <p>
                <StatusText doc={doc} state={state} />
              </p>
              {state.refused ? <p className="font-medium text-red-700">{state.refused}</p> : null}
            </div>
            {state.status === 'uploading' ? <Progress value={state.progress} label={`${doc.label} upload progress`} className="mt-2 h-1.5" /> : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 pl-13 sm:pl-0">
          <input
            id={inputId}
            type="file"
            accept={doc.photo ? IMAGE_ACCEPT : DOCUMENT_ACCEPT}
            className="peer sr-only"
            aria-labelledby={titleId}
            aria-describedby={statusId}
            disabled={disabled}
            onChange={onChange}
          />
          <Button
            asChild
            variant="outline"
            size="sm"
            className={cn('peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500', disabled && 'pointer-events-none opacity-60')}
          >
            <label htmlFor={inputId}>
              <Upload aria-hidden="true" className="size-3.5" />
              {hasFile ? 'Change' : 'Choose File'}
            </label>
          </Button>
          {state.status === 'error' ? (
            <Button variant="secondary" size="sm" onClick={onRetry} disabled={disabled} aria-label={`Retry ${doc.label}`} title="Retry">
              <RotateCcw aria-hidden="true" className="size-3.5" />
              <span className={compact}>Retry</span>
            </Button>
          ) : null}
          {hasFile ? (
            <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label={`Remove ${doc.label}`} title="Remove" className="text-red-700! hover:bg-red-50!">
              <Trash2 aria-hidden="true" className="size-3.5" />
              <span className={compact}>Remove</span>
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
