import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { ArgsAfterDb } from '../../core/repo-args';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { conflict, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { KYC_DOCUMENT_TYPES, KYC_MAX_BYTES, maskTail, type KycDocumentType, type KycDocumentView, type KycUploadRequest } from '../../../contracts';
import { sha256 } from '../../lib/crypto';
import { uploadTarget } from '../../lib/object-store';
import { putDocumentObject } from '../../db/stored-files';
import { findUserById } from '../users';
import { displayName } from '../users';
import { notifyAdmins } from '../notifications';
import { decodeDocument, type SniffedType } from './file-type';
import { safeDocument } from './document-safety';
import { bankVerificationOf, findPayoutDetails } from '../users';
import { listUserDocuments, findNewestOfType, findDocumentForUpdate, insertBlob, deleteBlob, insertDocument, updateDocument, setUserKycStatus, type KycRow } from './kyc.repo';
import * as kycRepo from './kyc.repo';

type UploadInput = { documentType: KycDocumentType; documentData: string | Buffer; documentFilename?: string; documentNumber?: string };

export function toKycView(row: KycRow): KycDocumentView {
  return {
    id: row.id,
    documentType: row.documentType as KycDocumentType,
    // The owner sees the number masked; only the reviewer's detail view shows it whole (docs/spec/decisions.md §7).
    documentNumber: maskTail(row.documentNumber),
    documentUrl: row.documentUrl,
    documentFilename: row.documentFilename,
    documentContentType: row.documentContentType,
    documentSize: row.documentSize,
    ...decisionFields(row),
  };
}

/** A document's decision and its dates, the same in the owner's view and in the reviewer's. */
export const decisionFields = (row: KycRow) => ({
  status: row.status as KycDocumentView['status'],
  rejectionReason: row.rejectionReason,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

export const safeFilename = (name: string | undefined) => (name ? name.replace(/[^\w.\- ]+/g, '_').slice(0, 200) : null);

/**
 * Stores the bytes under a random key with their SHA-256, outside any web root (also a support reply's attachment):
 * in the database, or sealed in the bucket when STORAGE_URL is set (ADR 0032). The object is put before the row is
 * written; a transaction that then fails leaves an unreferenced sealed object, never a row without its bytes.
 */
export async function storeBlob(db: DbOrTx, bytes: Buffer) {
  const storageKey = randomBytes(24).toString('hex');
  const digest = sha256(bytes);
  if (uploadTarget() === 's3') {
    await putDocumentObject(storageKey, bytes);
    await insertBlob(db, { storageKey, storage: 's3', content: null, sha256: digest });
  } else await insertBlob(db, { storageKey, storage: 'db', content: bytes, sha256: digest });
  return { storageKey, sha256: digest };
}

/** Adds a new document row for a user (used by the KYC page and by referral registration). */
export async function addDocument(db: DbOrTx, userId: string, type: KycDocumentType, bytes: Buffer, contentType: SniffedType, filename?: string, number?: string): Promise<KycRow> {
  const blob = await storeBlob(db, bytes);
  const row = await insertDocument(db, {
    userId,
    documentType: type,
    documentUrl: '',
    storageKey: blob.storageKey,
    sha256: blob.sha256,
    documentContentType: contentType,
    documentFilename: safeFilename(filename),
    documentSize: bytes.length,
    documentNumber: number ?? null,
    status: 'pending',
  });
  return updateDocument(db, row.id, { documentUrl: `/api/documents/${row.id}` });
}

async function replaceDocument(db: DbOrTx, doc: KycRow, bytes: Buffer, contentType: SniffedType, filename?: string, number?: string) {
  const blob = await storeBlob(db, bytes);
  const updated = await updateDocument(db, doc.id, {
    storageKey: blob.storageKey,
    sha256: blob.sha256,
    documentContentType: contentType,
    documentFilename: safeFilename(filename),
    documentSize: bytes.length,
    documentNumber: number ?? doc.documentNumber,
    status: 'pending',
    rejectionReason: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: doc.createdAt,
  });
  await deleteBlob(db, doc.storageKey);
  return updated;
}

/** New review work for the admins, announced once per user while documents wait (docs/spec/decisions.md §9). */
async function announceReviewWork(db: DbOrTx, userId: string, hadPending: boolean) {
  if (hadPending) return;
  const user = await findUserById(db, userId);
  if (!user) return;
  await notifyAdmins(db, {
    type: 'kyc_submitted',
    title: 'KYC documents to review',
    message: `${displayName(user)} (${user.userId}) submitted KYC documents for review.`,
    data: { userId },
  });
}

/** approved when all five are approved, rejected when any is rejected, pending otherwise (docs/spec/decisions.md §7). */
export async function refreshUserKycStatus(ctx: AppContext, db: DbOrTx, userId: string) {
  const docs = await listUserDocuments(db, userId);
  const newest = new Map<string, KycRow>();
  for (const d of docs) if (!newest.has(d.documentType)) newest.set(d.documentType, d);
  const latest = [...newest.values()];
  const status = latest.some((d) => d.status === 'rejected') ? 'rejected' : KYC_DOCUMENT_TYPES.every((t) => newest.get(t)?.status === 'approved') ? 'approved' : 'pending';
  const now = ctx.clock.now();
  await setUserKycStatus(db, userId, {
    kycStatus: status,
    ...(latest.length ? { kycSubmittedAt: now } : {}),
    ...(status === 'approved' ? { kycApprovedAt: now } : {}),
  });
}

/** The upload's bytes as they will be stored: checked, images re-encoded, active PDFs refused (document-safety.ts). */
function decodeUpload(input: UploadInput, type: KycDocumentType) {
  const bytes = decodeDocument(input.documentData, 'documentData');
  return safeDocument(bytes, { maxBytes: KYC_MAX_BYTES, isPhoto: type === 'photo', field: 'documentData', sizeMessage: MSG.kycFileSize });
}

export async function listOwnDocuments(ctx: AppContext, actor: Actor): Promise<KycDocumentView[]> {
  return (await listUserDocuments(ctx.db, actor.user.id)).map(toKycView);
}

/**
 * A new document, or the newest of its type updated when that one was rejected (doc 1 §4). One exception to "an
 * approved document stays" (ADR 0005): a cancelled cheque or bank statement approved before the member's bank account
 * changed verifies another account, so a new one may be added beside it for review (issue 13, payout-safety.ts).
 */
export async function uploadDocument(ctx: AppContext, actor: Actor, input: Omit<KycUploadRequest, 'documentData'> & UploadInput) {
  const userId = actor.user.id;
  const { bytes, contentType } = await decodeUpload(input, input.documentType);
  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (user?.kycLocked) throw conflict(MSG.documentLockedApproved, 'DOCUMENT_LOCKED');
    const existing = await findNewestOfType(tx, userId, input.documentType);
    const outdated = input.documentType === 'bank_cancelled_cheque' && Boolean(user && existing && bankVerificationOf(await findPayoutDetails(tx, userId), existing) === 'outdated');
    if (existing && existing.status === 'approved' && !outdated) throw conflict(MSG.documentLockedApproved, 'DOCUMENT_LOCKED');
    if (existing && existing.status === 'pending') throw conflict(MSG.documentLockedPending, 'DOCUMENT_LOCKED');
    const hadPending = (await listUserDocuments(tx, userId)).some((d) => d.status === 'pending');
    const replace = existing && !outdated;
    const row = replace
      ? await replaceDocument(tx, existing, bytes, contentType, input.documentFilename, input.documentNumber)
      : await addDocument(tx, userId, input.documentType, bytes, contentType, input.documentFilename, input.documentNumber);
    await refreshUserKycStatus(ctx, tx, userId);
    await announceReviewWork(tx, userId, hadPending);
    return { created: !replace, view: toKycView(row) };
  });
}

/** Replaces one of the user's own rejected documents; it goes back to review. */
export async function replaceOwnDocument(ctx: AppContext, actor: Actor, documentId: string, input: UploadInput) {
  const userId = actor.user.id;
  return ctx.db.transaction(async (tx) => {
    const doc = await findDocumentForUpdate(tx, documentId);
    if (!doc || doc.userId !== userId) throw notFound();
    if (doc.status !== 'rejected') throw conflict(MSG.onlyRejectedReplace, 'DOCUMENT_LOCKED');
    const { bytes, contentType } = await decodeUpload(input, doc.documentType as KycDocumentType);
    const hadPending = (await listUserDocuments(tx, userId)).some((d) => d.status === 'pending');
    const row = await replaceDocument(tx, doc, bytes, contentType, input.documentFilename, input.documentNumber);
    await refreshUserKycStatus(ctx, tx, userId);
    await announceReviewWork(tx, userId, hadPending);
    return toKycView(row);
  });
}

/** Reads and marks for the routes (a route calls its module's services, never a repo). */
export const findDocumentWithBlob = (ctx: AppContext, ...args: ArgsAfterDb<typeof kycRepo.findDocumentWithBlob>) => kycRepo.findDocumentWithBlob(ctx.db, ...args);
