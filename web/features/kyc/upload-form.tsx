import { useRef, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { KYC_DOCUMENT_TYPES, KYC_TYPE_LABELS, KycUploadRequest } from '@contracts';
import { Button } from '../../components/ui/button';
import { FileField } from '../../components/ui/file-field';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Options } from '../../components/ui/input';
import { useUploadKycDocument } from './upload-api';
import { useKycFile } from './file-checks';
import { SelectField } from '../../components/ui/select-field';

/** The form part of the shared upload schema; the file itself is checked by checkKycFile. */
const UploadFields = KycUploadRequest.pick({ documentType: true, documentNumber: true });

/** Upload form of /kyc-upload (doc 1 §2, §5, §7). */
export function KycUploadForm() {
  const fileInput = useRef<HTMLInputElement>(null);
  const { file, fileError, onFile, requireFile, clear } = useKycFile();
  const upload = useUploadKycDocument();
  const form = useForm({
    resolver: zodResolver(UploadFields),
    defaultValues: { documentType: '', documentNumber: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const typeError = errors.documentType?.message as string | undefined;

  const onSubmit = form.handleSubmit(
    async (values) => {
      const chosen = requireFile();
      if (!chosen) return;
      const res = await upload.run(
        { documentType: values.documentType, file: chosen, documentNumber: values.documentNumber || undefined },
        { setError: form.setError, fields: ['documentType', 'documentNumber'] },
      );
      if (!res.ok) return;
      form.reset();
      clear();
      if (fileInput.current) fileInput.current.value = '';
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
        <SelectField id="documentType" label="Document Type" error={typeError} registration={form.register('documentType')}>
          <Options blank="Select document type" values={KYC_DOCUMENT_TYPES} label={(t) => KYC_TYPE_LABELS[t]} />
        </SelectField>
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
