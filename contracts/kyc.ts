import { z } from 'zod';
import { optionalCode } from './fields';
import { MSG } from './messages';
import { id, instant } from './route-contract';

export const KYC_DOCUMENT_TYPES = ['pan', 'aadhaar_front', 'aadhaar_back', 'bank_cancelled_cheque', 'photo'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

export const KYC_TYPE_LABELS: Record<KycDocumentType, string> = {
  pan: 'PAN Card',
  aadhaar_front: 'Aadhaar Front',
  aadhaar_back: 'Aadhaar Back',
  bank_cancelled_cheque: 'Bank / Cancelled Cheque',
  photo: 'Profile Photo',
};

/** Other names the source used for the same documents (docs/spec/decisions.md §7). */
const LEGACY_TYPE_NAMES: Record<string, KycDocumentType> = {
  aadhaar: 'aadhaar_front',
  aadhaarCard: 'aadhaar_front',
  bank_statement: 'bank_cancelled_cheque',
  bankStatement: 'bank_cancelled_cheque',
  panCard: 'pan',
};

export function toCanonicalKycType(value: unknown): KycDocumentType | undefined {
  if (typeof value !== 'string') return undefined;
  if ((KYC_DOCUMENT_TYPES as readonly string[]).includes(value)) return value as KycDocumentType;
  return LEGACY_TYPE_NAMES[value];
}

export const KycDocumentTypeField = z.preprocess((v) => toCanonicalKycType(v) ?? v, z.enum(KYC_DOCUMENT_TYPES, { error: MSG.kycTypeRequired }));

export const ALLOWED_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** The KYC page's upload (doc 1 §3). documentData is the file as base64 (a data URL prefix is tolerated). */
export const KycUploadRequest = z.object({
  documentType: KycDocumentTypeField,
  documentData: z.string({ error: MSG.kycFileRequired }).min(1, { error: MSG.kycFileRequired }),
  documentContentType: z.string().max(100).optional(),
  documentFilename: z.string().trim().max(255).optional(),
  documentNumber: optionalCode(40),
});
export type KycUploadRequest = z.input<typeof KycUploadRequest>;
/** PUT /api/kyc/:documentId: a rejected document's new file (its type stays unless given). */
export const KycReplaceRequest = KycUploadRequest.partial({ documentType: true }).required({ documentData: true });
/** GET /api/documents/:id?download=1 answers it as an attachment instead of inline. */
export const DocumentQuery = z.object({ download: z.enum(['1', 'true']).optional() });

export const KycDocumentView = z.strictObject({
  id,
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  documentNumber: z.string().nullable(),
  documentUrl: z.string(),
  documentFilename: z.string().nullable(),
  documentContentType: z.string(),
  documentSize: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  createdAt: instant,
  reviewedAt: instant.nullable(),
});
export type KycDocumentView = z.infer<typeof KycDocumentView>;

export const DocumentIdParam = z.object({ documentId: z.uuid({ error: 'Not found' }) });

/** Masks identity numbers to their last four characters (docs/spec/decisions.md §7). */
export function maskTail(value: string | null | undefined): string | null {
  if (!value) return null;
  const tail = value.slice(-4);
  return `${'•'.repeat(Math.max(0, value.length - 4))}${tail}`;
}
