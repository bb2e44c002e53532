import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { kycDocuments, documentBlobs, users } from '../../db/schema/index';
import { rowWithDocument } from '../../db/stored-files';

export type KycRow = typeof kycDocuments.$inferSelect;

export async function listUserDocuments(db: DbOrTx, userId: string): Promise<KycRow[]> {
  return db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
}

/** A user's newest document of a type (by creation, then id). */
const newest = (db: DbOrTx, userId: string, type: string) =>
  db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.documentType, type)))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id))
    .limit(1);

/** The newest document of a type, locked until the transaction ends. */
export async function findNewestOfType(db: DbOrTx, userId: string, type: string): Promise<KycRow | undefined> {
  const [row] = await newest(db, userId, type).for('update');
  return row;
}

export async function findDocumentForUpdate(db: DbOrTx, id: string): Promise<KycRow | undefined> {
  const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id)).limit(1).for('update');
  return row;
}

export async function findDocumentWithBlob(db: DbOrTx, id: string) {
  const found = await rowWithDocument(db, kycDocuments, kycDocuments.storageKey, id);
  return found && { doc: found.row, content: found.content };
}

export async function insertBlob(db: DbOrTx, values: typeof documentBlobs.$inferInsert) {
  await db.insert(documentBlobs).values(values);
}

export async function deleteBlob(db: DbOrTx, storageKey: string) {
  await db.delete(documentBlobs).where(eq(documentBlobs.storageKey, storageKey));
}

export async function insertDocument(db: DbOrTx, values: typeof kycDocuments.$inferInsert): Promise<KycRow> {
  const [row] = await db.insert(kycDocuments).values(values).returning();
  return row;
}

export async function updateDocument(db: DbOrTx, id: string, values: Partial<typeof kycDocuments.$inferInsert>): Promise<KycRow> {
  const [row] = await db
    .update(kycDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(kycDocuments.id, id))
    .returning();
  return row;
}

export async function setUserKycStatus(db: DbOrTx, userId: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The newest document of a type, read without a lock (a withdrawal's check of the bank account's verification). */
export async function newestOfType(db: DbOrTx, userId: string, type: string): Promise<KycRow | undefined> {
  const [row] = await newest(db, userId, type);
  return row;
}
