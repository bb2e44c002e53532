import { KYC_MAX_BYTES, MSG } from '@contracts';
import { toast } from '../../components/ui/toast';
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
  toast({ title: TITLES[message] ?? 'Invalid File', description: message, variant: 'destructive' });
}
