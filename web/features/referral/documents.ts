import { MSG, REFERRAL_DOC_MAX_BYTES } from '@contracts';

/** The five pickers of the referral form (doc 1 §2) and the payload field each one fills (doc 1 §3). */
export const REFERRAL_DOCUMENTS = [
  { key: 'panCardUrl', label: 'PAN Card', photo: false },
  { key: 'aadhaarFrontUrl', label: 'Aadhaar Front', photo: false },
  { key: 'aadhaarBackUrl', label: 'Aadhaar Back', photo: false },
  { key: 'bankCancelledChequeUrl', label: 'Bank/Cancelled Cheque', photo: false },
  { key: 'photoUrl', label: 'Profile Photo', photo: true },
] as const;

export type DocumentKey = (typeof REFERRAL_DOCUMENTS)[number]['key'];
export type ReferralDocument = (typeof REFERRAL_DOCUMENTS)[number];
export const DOCUMENT_KEYS: readonly DocumentKey[] = REFERRAL_DOCUMENTS.map((d) => d.key);

/** Upload retries 3, delay 2 s; images to JPEG, max width 1920, quality 0.8 (doc 1 §9). */
export const UPLOAD_RETRIES = 3;
export const UPLOAD_RETRY_DELAY_MS = 2000;
export const IMAGE_MAX_WIDTH = 1920;
export const IMAGE_QUALITY = 0.8;

/** The documents' words for the referral form (doc 1 §5, §8; doc 3 §5.2, §8). */
export const COPY = {
  invalidFile: 'Invalid File',
  duplicateFile: 'Duplicate File',
  uploadIssues: 'Upload Issues',
  processingFailed: 'Processing Failed',
  processingError: 'File Processing Error',
  processingErrorText: 'Failed to process the selected file. Please try again.',
  maxRetries: 'Max retries reached. Please try again.',
  documentType: 'Documents must be JPG, PNG or PDF files.',
  photoNotPdf: MSG.photoNotPdf,
  photoType: 'Profile photo must be a JPG or PNG image.',
  emailTakenTitle: 'Email Already Registered',
  emailTaken: 'An account with this email already exists. Please use a different email address or try logging in instead.',
  failedTitle: 'Registration Failed',
  failed: 'Failed to complete registration',
  submittedTitle: 'Registration Submitted!',
  submitted: MSG.referralSubmitted,
} as const;

export const sizeMessage = (label: string) => `${label} file size must be less than 10MB`;
export const retryMessage = (attempt: number) => `Retrying in ${UPLOAD_RETRY_DELAY_MS / 1000} seconds... (retry ${attempt} of ${UPLOAD_RETRIES})`;
export const duplicateMessage = (name: string, other: string) => `"${name}" is already selected for ${other}. The same file cannot be used for two document types.`;

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'];

function extension(file: File) {
  return file.name.split('.').pop()?.toLowerCase() ?? '';
}

/** JPG or PNG, by type or, when the browser gives none, by extension. */
export function isImageFile(file: File): boolean {
  return file.type ? IMAGE_TYPES.includes(file.type.toLowerCase()) : IMAGE_EXTENSIONS.includes(extension(file));
}

export function isPdfFile(file: File): boolean {
  return file.type ? file.type.toLowerCase() === 'application/pdf' : extension(file) === 'pdf';
}

export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const DOCUMENT_ACCEPT = `${IMAGE_ACCEPT},.pdf,application/pdf`;

/** The client checks of one picked file (doc 1 §5): answers the message, or null when it is fine. */
export function checkDocumentFile(doc: ReferralDocument, file: File): string | null {
  if (doc.photo && isPdfFile(file)) return COPY.photoNotPdf;
  if (doc.photo && !isImageFile(file)) return COPY.photoType;
  if (!isImageFile(file) && !isPdfFile(file)) return COPY.documentType;
  if (file.size > REFERRAL_DOC_MAX_BYTES) return sizeMessage(doc.label);
  return null;
}
