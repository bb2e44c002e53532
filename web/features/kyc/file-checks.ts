import { useState, type ChangeEvent } from 'react';
import { KYC_MAX_BYTES, MSG } from '@contracts';
import { toastError } from '../../components/ui/toast';
import { isAllowedDocument } from '../../lib/files';

/** The KYC page's client checks (doc 1 §5): answers the message, or null when the file is fine. */
export function checkKycFile(file: File | null): string | null {
  if (!file) return MSG.kycFileRequired;
  if (!isAllowedDocument(file)) return MSG.kycFileType;
  if (file.size >= KYC_MAX_BYTES) return MSG.kycFileSize;
  return null;
}

const TITLES: Record<string, string> = {
  [MSG.kycFileRequired]: 'No File Selected',
  [MSG.kycFileType]: 'Invalid File Type',
  [MSG.kycFileSize]: 'File Too Large',
};

/** Toast for a failed check, titled as doc 1 §8 names it. */
export function toastFileProblem(message: string) {
  toastError(message, TITLES[message] ?? 'Invalid File');
}

/** The file of a KYC form: a picked file that fails the checks is refused at once (toast, message under the field). */
export function useKycFile() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  function refuse(problem: string) {
    toastFileProblem(problem);
    setFileError(problem);
  }

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0] ?? null;
    const problem = picked ? checkKycFile(picked) : null;
    if (problem) {
      refuse(problem);
      setFile(null);
      e.target.value = '';
      return;
    }
    setFileError(undefined);
    setFile(picked);
  }

  /** The file to send, or null once the missing or unfit file has been reported. */
  function requireFile(): File | null {
    const problem = checkKycFile(file);
    if (problem || !file) {
      refuse(problem ?? MSG.kycFileRequired);
      return null;
    }
    return file;
  }

  function clear() {
    setFile(null);
    setFileError(undefined);
  }

  return { file, fileError, onFile, requireFile, clear };
}
