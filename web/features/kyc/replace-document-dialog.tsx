import { useState } from 'react';
import { KYC_REPLACE_PROGRESS_STEPS, KYC_TYPE_LABELS, type KycDocumentView } from '@contracts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { FileField } from '../../components/ui/file-field';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Progress } from '../../components/ui/progress';
import { useReplaceKycDocument } from './upload-api';
import { useKycFile } from './file-checks';

const [READING, SENDING, DONE] = KYC_REPLACE_PROGRESS_STEPS;

/** Replace a rejected document (doc 1 §2, §4): jpg/jpeg/png/pdf, progress 25, 75, 100. */
export function ReplaceDocumentDialog({ document, open, onOpenChange }: { document: KycDocumentView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { file, fileError, onFile, requireFile, clear } = useKycFile();
  const replace = useReplaceKycDocument(document.id);
  const [documentNumber, setDocumentNumber] = useState('');
  const [progress, setProgress] = useState(0);
  const busy = progress > 0 && progress < DONE;
  const label = KYC_TYPE_LABELS[document.documentType];

  function reset() {
    clear();
    setDocumentNumber('');
    setProgress(0);
  }

  async function submit() {
    const chosen = requireFile();
    if (!chosen) return;
    setProgress(READING);
    setProgress(SENDING);
    const res = await replace.run(
      { documentType: document.documentType, file: chosen, documentNumber: documentNumber.trim() || undefined },
      {
        // The bar reaches 100 with the success toast, while the documents are re-read.
        successToast: (_data, vars) => {
          setProgress(DONE);
          return { title: 'Document Replaced', description: `Your ${KYC_TYPE_LABELS[vars.documentType]} has been replaced and is under review.` };
        },
      },
    );
    if (!res.ok) {
      setProgress(0);
      return;
    }
    onOpenChange(false);
    reset();
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
          <FileField id={fileId} label="New document" hint="JPG, JPEG, PNG or PDF, smaller than 5MB." error={fileError} file={file} onChange={onFile} disabled={busy} />
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
