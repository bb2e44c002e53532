import type { ChangeEvent, Ref } from 'react';
import { FileUp } from 'lucide-react';
import { DOCUMENT_ACCEPT } from '../../lib/files';
import { formatBytes } from '../../lib/format';
import { FormField, fieldA11y } from './form-field';
import { Input } from './input';

/**
 * A document picker (JPEG, PNG or PDF) with its label, hint and error, and the chosen file's name and size under it:
 * the KYC upload and replacement, and the wallet top-up's payment proof.
 */
export function FileField({
  id,
  label,
  hint,
  error,
  file,
  inputRef,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  file: File | null;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <FormField id={id} label={label} error={error} hint={hint}>
        <Input
          ref={inputRef}
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={onChange}
          disabled={disabled}
          className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-800"
          {...fieldA11y(id, error, true)}
        />
      </FormField>
      {file ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <FileUp aria-hidden="true" className="size-4 text-brand-600" /> {file.name} · {formatBytes(file.size)}
        </p>
      ) : null}
    </>
  );
}
