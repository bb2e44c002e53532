import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { KYC_REPLACE_PROGRESS_STEPS, KYC_TYPE_LABELS, MSG, type KycDocumentView } from '@contracts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { DOCUMENT_ACCEPT } from '../../lib/files';
import { formatBytes } from '../../lib/format';
import { CURRENT_USER_KEY } from '../account';
import { KYC_KEY, replaceKycDocument } from './api';
import { checkKycFile, toastFileProblem } from './file-checks';

const [READING, SENDING, DONE] = KYC_REPLACE_PROGRESS_STEPS;

/** Replace a rejected document (doc 1 §2, §4): jpg/jpeg/png/pdf, progress 25, 75, 100. */
export function ReplaceDocumentDialog({ document, open, onOpenChange }: { document: KycDocumentView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [documentNumber, setDocumentNumber] = useState('');
  const [progress, setProgress] = useState(0);
  const busy = progress > 0 && progress < DONE;
  const label = KYC_TYPE_LABELS[document.documentType];

  function reset() {
    setFile(null);
    setFileError(undefined);
    setDocumentNumber('');
    setProgress(0);
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    const problem = picked ? checkKycFile(picked) : null;
    if (problem) {
      toastFileProblem(problem);
      setFileError(problem);
      setFile(null);
      e.target.value = '';
      return;
    }
    setFileError(undefined);
    setFile(picked);
  }

  async function submit() {
    const problem = checkKycFile(file);
    if (problem || !file) {
      toastFileProblem(problem ?? MSG.kycFileRequired);
      setFileError(problem ?? MSG.kycFileRequired);
      return;
    }
    try {
      setProgress(READING);
      setProgress(SENDING);
      const res = await replaceKycDocument(document.id, { documentType: document.documentType, file, documentNumber: documentNumber.trim() || undefined });
      if (!res.ok) {
        setProgress(0);
        toast({ title: 'Replacement Failed', description: res.error.message || 'Failed to process document. Please try again.', variant: 'destructive' });
        return;
      }
      setProgress(DONE);
      toast({ title: 'Document Replaced', description: `Your ${label} has been replaced and is under review.`, variant: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: KYC_KEY }), queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
      onOpenChange(false);
      reset();
    } catch (err) {
      setProgress(0);
      const fallback = err instanceof Error && err.message === 'Failed to read file' ? 'Failed to read file' : 'Failed to process document. Please try again.';
      toast({ title: 'Replacement Failed', description: errorMessage(err, fallback), variant: 'destructive' });
    }
  }

  function handleOpenChange(next: boolean) {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  const fileId = `replace-file-${document.id}`;
  const numberId = `replace-number-${document.id}`;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent title={`Replace ${label}`} description="Upload a new file. It goes back for review once replaced.">
        {document.rejectionReason ? (
          <p className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <span className="font-semibold">Rejection reason:</span> {document.rejectionReason}
          </p>
        ) : null}
        <div className="space-y-4">
          <FormField id={fileId} label="New document" error={fileError} hint="JPG, JPEG, PNG or PDF, smaller than 5MB.">
            <Input
              type="file"
              accept={DOCUMENT_ACCEPT}
              onChange={onFile}
              disabled={busy}
              className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800"
              {...fieldA11y(fileId, fileError, true)}
            />
          </FormField>
          {file ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <FileUp aria-hidden="true" className="size-4" /> {file.name} · {formatBytes(file.size)}
            </p>
          ) : null}
          <FormField id={numberId} label="Document Number" optional>
            <Input id={numberId} value={documentNumber} onChange={(e) => setDocumentNumber(e.target.value.toUpperCase())} disabled={busy} autoCapitalize="characters" />
          </FormField>
          {progress > 0 ? (
            <div className="space-y-1.5">
              <div className="flex justify-between text-xs font-medium text-slate-600">
                <span>{progress < DONE ? 'Uploading...' : 'Done'}</span>
                <span>{progress}%</span>
              </div>
              <Progress value={progress} label="Replacement progress" />
            </div>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Replace Document
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
