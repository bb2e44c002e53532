import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../context';
import type { Actor } from '../core/actor';
import { plainTransaction } from '../core/transactor';
import { KYC_DOCUMENT_TYPES, KYC_TYPE_LABELS, type KycDocumentType } from '../../contracts/kyc';
import { KYC_MAX_BYTES } from '../../contracts/constants';
import type { UserRow } from '../modules/users/users.repo';
import { findPayoutDetails } from '../modules/users';
import { storeBlob, safeFilename } from '../modules/kyc/kyc.service';
import { insertDocument, listUserDocuments } from '../modules/kyc/kyc.repo';
import { safeDocument } from '../modules/kyc/document-safety';
import { decideDocument } from '../modules/kyc/review.service';
import { memberWithdrawal, approveWithdrawal } from '../modules/wallet/withdrawals.service';

/**
 * The demo's payouts (issue 30): the members with bank details (DEMO_BANK_ACCOUNTS, on their rows from registration)
 * upload their five KYC documents, which the admin approves (the cancelled cheque after the account was given, so the
 * account is verified); the demo member later withdraws once and the second admin pays it out. Nothing here leaves
 * a custody mark (KYC review is not one), so the first admin may approve the member's next withdrawal.
 */

/** A one-page PDF that says what it stands for (plain text, no active content). */
function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 56 760 Td (${text}) Tj 0 -28 Td /F1 12 Tf (Demo document - not a real record) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function demoDocument(type: KycDocumentType, owner: string) {
  const raw =
    type === 'photo'
      ? await sharp({ create: { width: 240, height: 300, channels: 3, background: '#c7d2fe' } })
          .png()
          .toBuffer()
      : demoPdf(`${KYC_TYPE_LABELS[type] ?? type} - ${owner}`);
  // Stored as an upload is: checked and, for an image, re-encoded (kyc/document-safety.ts).
  return safeDocument(raw, { maxBytes: KYC_MAX_BYTES, isPhoto: type === 'photo', field: 'documentData', sizeMessage: 'too large' });
}

/** The member's five KYC documents, uploaded at the clock's moment (pending until reviewed). */
export async function uploadDemoKyc(ctx: AppContext, user: UserRow) {
  const at = ctx.clock.now();
  const owner = [user.firstName, user.lastName].filter(Boolean).join(' ');
  await ctx.db.transaction(async (tx) => {
    for (const type of KYC_DOCUMENT_TYPES) {
      const { bytes, contentType } = await demoDocument(type, owner);
      const blob = await storeBlob(tx, bytes);
      const id = randomUUID();
      await insertDocument(tx, {
        id,
        userId: user.id,
        documentType: type,
        documentUrl: `/api/documents/${id}`,
        storageKey: blob.storageKey,
        sha256: blob.sha256,
        documentContentType: contentType,
        documentFilename: safeFilename(`${type}.${contentType === 'application/pdf' ? 'pdf' : 'png'}`),
        documentSize: bytes.length,
        documentNumber: null,
        status: 'pending',
        createdAt: at,
        updatedAt: at,
      });
    }
  });
}

/** The reviewer approves each of the member's pending documents (KYC then approved), at the clock's moment. */
export async function approveDemoKyc(ctx: AppContext, reviewer: Actor, user: UserRow) {
  for (const d of await listUserDocuments(ctx.db, user.id)) {
    if (d.status === 'pending') await decideDocument(ctx, reviewer, d.id, 'approved');
  }
}

/** The member's bank withdrawal to the profile's account, as the wallet page sends it; answers its id. */
export async function requestDemoWithdrawal(ctx: AppContext, member: Actor, amount: string): Promise<string> {
  const u = await findPayoutDetails(ctx.db, member.user.id);
  const r = await memberWithdrawal(ctx, member, plainTransaction(ctx), {
    withdrawalType: 'bank',
    amount,
    bankDetails: { accountNumber: u.bankAccountNumber!, ifsc: u.bankIFSC!, bankName: u.bankName!, accountHolderName: u.bankAccountHolderName! },
  });
  return (r.body as { withdrawal: { id: string } }).withdrawal.id;
}

export async function payDemoWithdrawal(ctx: AppContext, approver: Actor, id: string) {
  await approveWithdrawal(ctx, approver, plainTransaction(ctx), id, { adminNotes: 'Paid by NEFT', payoutReference: undefined });
}
