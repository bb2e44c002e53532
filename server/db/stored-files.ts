import { eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { fieldKeys, openBytes, sealBytes } from '../lib/field-crypto';
import { objectKeys, objectStore, type StorageKind } from '../lib/object-store';
import type { DbOrTx } from './client';
import { documentBlobs } from './schema/kyc';

/**
 * The bytes of a stored document (a KYC document, a fund proof, a support attachment: `document_blobs`), wherever
 * they are (ADR 0032). In the bucket a document is the same envelope the `content` column holds (AES-256-GCM under
 * the current field key, bound to `document_blobs.content`), so the bucket never holds a document in the clear.
 */
export const DOCUMENT_AAD = 'document_blobs.content';

/** The columns a repo selects beside a row to read its document's bytes with `documentContent`. */
export const documentBlobColumns = { storageKey: documentBlobs.storageKey, storage: documentBlobs.storage, content: documentBlobs.content };

export type DocumentBlobRef = { storageKey: string; storage: string; content: Buffer | null };

/** Seals a document and puts it in the bucket under its storage key. */
export async function putDocumentObject(storageKey: string, plain: Buffer) {
  await objectStore().put(objectKeys.document(storageKey), sealBytes(fieldKeys(), DOCUMENT_AAD, plain));
}

/** A document's bytes from the bucket, opened. */
export async function getDocumentObject(storageKey: string): Promise<Buffer> {
  return openBytes(fieldKeys(), DOCUMENT_AAD, await objectStore().get(objectKeys.document(storageKey)));
}

/** A document's bytes: the column's (opened by its type) or the bucket's. */
export async function documentContent(ref: DocumentBlobRef): Promise<Buffer> {
  if (ref.storage === 'db' && ref.content) return ref.content;
  if (ref.storage === 's3') return getDocumentObject(ref.storageKey);
  throw new Error(`document ${ref.storageKey} has no bytes (storage ${ref.storage})`);
}

/**
 * One row of a table that points at a document (a KYC document, a fund request's proof) by its id, with the
 * document's bytes; `storageKey` is the row's column that holds the document's key. Undefined when there is no such row.
 */
export async function rowWithDocument<T extends PgTable & { id: PgColumn }>(
  db: DbOrTx,
  table: T,
  storageKey: PgColumn,
  id: string,
): Promise<{ row: InferSelectModel<T>; content: Buffer } | undefined> {
  const [found] = await db
    .select({ row: table as PgTable, blob: documentBlobColumns })
    .from(table as PgTable)
    .innerJoin(documentBlobs, eq(documentBlobs.storageKey, storageKey))
    .where(eq(table.id, id))
    .limit(1);
  return found && { row: found.row as InferSelectModel<T>, content: await documentContent(found.blob) };
}

export const isStorageKind = (s: string): s is StorageKind => s === 'db' || s === 's3';
