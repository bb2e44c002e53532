import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companySettings, documentBlobs, productImages } from '../../db/schema/index';
import type { StorageKind } from '../../lib/object-store';

/**
 * The SQL of `npm run storage:migrate` (storage.service.ts, ADR 0032): the files still on one side, in key order
 * after the last one done, and the switch of one row's pointer, conditional on the row still being where it was
 * read, so a row the app changed or deleted meanwhile is left alone.
 */

export async function documentsOn(db: DbOrTx, storage: StorageKind, after: string | null, limit: number) {
  return db
    .select({ storageKey: documentBlobs.storageKey, sha256: documentBlobs.sha256, storage: documentBlobs.storage, content: documentBlobs.content })
    .from(documentBlobs)
    .where(and(eq(documentBlobs.storage, storage), after === null ? undefined : gt(documentBlobs.storageKey, after)))
    .orderBy(asc(documentBlobs.storageKey))
    .limit(limit);
}

/**
 * Points a document at `to` with `content` as its row's bytes (null when it goes to the bucket, the bytes when it comes
 * back); false when it is no longer on the other side.
 */
export async function pointDocument(db: DbOrTx, storageKey: string, to: StorageKind, content: Buffer | null) {
  const rows = await db
    .update(documentBlobs)
    .set({ storage: to, content })
    .where(and(eq(documentBlobs.storageKey, storageKey), eq(documentBlobs.storage, to === 's3' ? 'db' : 's3')))
    .returning({ k: documentBlobs.storageKey });
  return rows.length > 0;
}

export async function documentBytesInRow(db: DbOrTx, storageKey: string) {
  const [row] = await db.select({ content: documentBlobs.content }).from(documentBlobs).where(eq(documentBlobs.storageKey, storageKey));
  return row?.content ?? null;
}

export async function imagesOn(db: DbOrTx, storage: StorageKind, after: string | null, limit: number) {
  return db
    .select({ id: productImages.id, hash: productImages.hash, small: productImages.small, medium: productImages.medium, large: productImages.large })
    .from(productImages)
    .where(and(eq(productImages.storage, storage), after === null ? undefined : gt(productImages.id, after)))
    .orderBy(asc(productImages.id))
    .limit(limit);
}

export async function imageToBucket(db: DbOrTx, id: string) {
  const rows = await db
    .update(productImages)
    .set({ storage: 's3', small: null, medium: null, large: null })
    .where(and(eq(productImages.id, id), eq(productImages.storage, 'db')))
    .returning({ id: productImages.id });
  return rows.length > 0;
}

export async function imageToDatabase(db: DbOrTx, id: string, bytes: { small: Buffer; medium: Buffer; large: Buffer }) {
  const rows = await db
    .update(productImages)
    .set({ storage: 'db', ...bytes })
    .where(and(eq(productImages.id, id), eq(productImages.storage, 's3')))
    .returning({ small: productImages.small, medium: productImages.medium, large: productImages.large });
  return rows[0];
}

/** The logo when it is on this side (there is one row of settings). */
export async function logoOn(db: DbOrTx, storage: StorageKind) {
  const [row] = await db
    .select({ logo: companySettings.logo, version: companySettings.logoVersion, contentType: companySettings.logoContentType })
    .from(companySettings)
    .where(and(eq(companySettings.id, 1), eq(companySettings.logoStorage, storage), sql`${companySettings.logoContentType} is not null`));
  return row;
}

export async function logoToBucket(db: DbOrTx, version: number) {
  const rows = await db
    .update(companySettings)
    .set({ logoStorage: 's3', logo: null })
    .where(and(eq(companySettings.id, 1), eq(companySettings.logoStorage, 'db'), eq(companySettings.logoVersion, version)))
    .returning({ v: companySettings.logoVersion });
  return rows.length > 0;
}

export async function logoToDatabase(db: DbOrTx, version: number, logo: Buffer) {
  const rows = await db
    .update(companySettings)
    .set({ logoStorage: 'db', logo })
    .where(and(eq(companySettings.id, 1), eq(companySettings.logoStorage, 's3'), eq(companySettings.logoVersion, version)))
    .returning({ logo: companySettings.logo });
  return rows[0];
}

/** How many files of each kind are on each side. */
export async function storageCounts(db: DbOrTx) {
  const count = sql<number>`count(*)::int`;
  const docs = await db.select({ storage: documentBlobs.storage, n: count }).from(documentBlobs).groupBy(documentBlobs.storage);
  const images = await db.select({ storage: productImages.storage, n: count }).from(productImages).groupBy(productImages.storage);
  const logos = await db
    .select({ storage: companySettings.logoStorage, n: count })
    .from(companySettings)
    .where(sql`${companySettings.logoContentType} is not null`)
    .groupBy(companySettings.logoStorage);
  const side = (rows: { storage: string; n: number }[]) => ({ db: rows.find((r) => r.storage === 'db')?.n ?? 0, s3: rows.find((r) => r.storage === 's3')?.n ?? 0 });
  return { documents: side(docs), productImages: side(images), logo: side(logos) };
}
