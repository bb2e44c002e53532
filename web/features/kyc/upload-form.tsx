import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { KYC_DOCUMENT_TYPES, KYC_TYPE_LABELS, KycUploadRequest } from '@contracts';
import { Button } from '../../components/ui/button';
import { FileField } from '../../components/ui/file-field';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Select, Options } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { CURRENT_USER_KEY } from '../account';
import { KYC_KEY, uploadKycDocument } from './api';
import { checkKycFile, toastFileProblem } from './file-checks';

/** The form part of the shared upload schema; the file itself is checked by checkKycFile. */
const UploadFields = KycUploadRequest.pick({ documentType: true, documentNumber: true });
const UPLOAD_FAILED = 'Failed to upload document. Please try again.';

/** Upload form of /kyc-upload (doc 1 §2, §5, §7). */
export function KycUploadForm() {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(UploadFields),
    defaultValues: { documentType: '', documentNumber: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const typeError = errors.documentType?.message as string | undefined;

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

  function requireFile(): File | null {
    const problem = checkKycFile(file);
    if (problem) {
      toastFileProblem(problem);
      setFileError(problem);
      return null;
    }
    return file;
  }

  const onSubmit = form.handleSubmit(
    async (values) => {
      const chosen = requireFile();
      if (!chosen) return;
      try {
        const res = await uploadKycDocument({ documentType: values.documentType, file: chosen, documentNumber: values.documentNumber || undefined });
        if (!res.ok) {
          applyFieldErrors(form.setError, res.error.fieldErrors, ['documentType', 'documentNumber']);
          toast({ title: 'Upload Failed', description: res.error.message || UPLOAD_FAILED, variant: 'destructive' });
          return;
        }
        // 201: a new document; 200: the rejected one of that type was updated (doc 1 §4).
        const label = KYC_TYPE_LABELS[values.documentType];
        toast(
          res.status === 201
            ? { title: 'Document Uploaded', description: `Your ${label} has been uploaded successfully and is under review.`, variant: 'success' }
            : { title: 'Document Updated', description: `Your ${label} has been updated and is under review.`, variant: 'success' },
        );
        form.reset();
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        await Promise.all([queryClient.invalidateQueries({ queryKey: KYC_KEY }), queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })]);
      } catch (err) {
        const fallback = err instanceof Error && err.message === 'Failed to read file' ? 'Failed to read file' : UPLOAD_FAILED;
        toast({ title: 'Upload Failed', description: errorMessage(err, fallback), variant: 'destructive' });
      }
    },
    () => {
      // The type is missing: say so under the picker, and still report a missing file.
      if (!file) requireFile();
    },
  );

  const documentType = form.watch('documentType');
  const numberField = form.register('documentNumber', {
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const upper = e.target.value.toUpperCase();
      if (upper !== e.target.value) form.setValue('documentNumber', upper);
    },
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="documentType" label="Document Type" error={typeError}>
          <Select {...fieldA11y('documentType', typeError)} {...form.register('documentType')}>
            <Options blank="Select document type" values={KYC_DOCUMENT_TYPES} label={(t) => KYC_TYPE_LABELS[t]} />
          </Select>
        </FormField>
        <FormField id="documentNumber" label="Document Number" optional error={errors.documentNumber?.message as string | undefined}>
          <Input
            placeholder={documentType === 'pan' ? 'ABCDE1234F' : documentType === 'aadhaar_front' || documentType === 'aadhaar_back' ? '123412341234' : ''}
            autoCapitalize="characters"
            spellCheck={false}
            {...fieldA11y('documentNumber', errors.documentNumber?.message as string | undefined)}
            {...numberField}
          />
        </FormField>
      </div>
      <FileField id="documentFile" label="Document File" hint="JPEG, PNG or PDF, smaller than 5MB." error={fileError} file={file} inputRef={fileInput} onChange={onFile} />
      <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? null : <Upload aria-hidden="true" className="size-4" />}
        {isSubmitting ? 'Uploading...' : 'Upload Document'}
      </Button>
      <p className="sr-only" aria-live="polite">
        {isSubmitting ? 'Uploading document' : ''}
      </p>
    </form>
  );
}
