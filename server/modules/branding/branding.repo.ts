import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companySettings } from '../../db/schema';
import { objectKeys, objectStore, uploadTarget } from '../../lib/object-store';

export type CompanySettingsRow = typeof companySettings.$inferSelect;
type Settings = Omit<typeof companySettings.$inferInsert, 'id'>;

/** The settings without the logo's bytes (every page, mail and invoice reads these). */
export async function findSettings(db: DbOrTx) {
  const [row] = await db
    .select({
      companyName: companySettings.companyName,
      legalName: companySettings.legalName,
      cin: companySettings.cin,
      primaryColor: companySettings.primaryColor,
      supportEmail: companySettings.supportEmail,
      supportPhone: companySettings.supportPhone,
      gstin: companySettings.gstin,
      address: companySettings.address,
      city: companySettings.city,
      state: companySettings.state,
      pincode: companySettings.pincode,
      logoContentType: companySettings.logoContentType,
      logoVersion: companySettings.logoVersion,
      updatedAt: companySettings.updatedAt,
    })
    .from(companySettings)
    .where(eq(companySettings.id, 1))
    .limit(1);
  return row;
}

/** The logo's bytes: the column's, or the bucket's object of its version (ADR 0032). */
export async function findLogo(db: DbOrTx) {
  const [row] = await db
    .select({ logo: companySettings.logo, contentType: companySettings.logoContentType, version: companySettings.logoVersion, storage: companySettings.logoStorage })
    .from(companySettings)
    .where(eq(companySettings.id, 1))
    .limit(1);
  if (!row?.contentType) return undefined;
  const bytes = row.storage === 's3' ? await objectStore().get(objectKeys.logo(row.version)) : row.logo;
  return bytes ? { bytes, contentType: row.contentType, version: row.version } : undefined;
}

/**
 * The columns that store a new logo of this version: the bytes in the row, or in the bucket (put here, before the
 * row is written; public, stored as served).
 */
export async function logoColumns(bytes: Buffer, contentType: string, version: number) {
  if (uploadTarget() === 's3') {
    await objectStore().put(objectKeys.logo(version), bytes, contentType);
    return { logo: null, logoContentType: contentType, logoStorage: 's3' };
  }
  return { logo: bytes, logoContentType: contentType, logoStorage: 'db' };
}

/** Writes the one row (created on first save), under a row lock taken by the caller's transaction. */
export async function saveSettings(db: DbOrTx, values: Settings) {
  const [row] = await db
    .insert(companySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: companySettings.id, set: values })
    .returning({ logoVersion: companySettings.logoVersion });
  return row;
}

export async function lockSettings(db: DbOrTx) {
  const [row] = await db.select({ logoVersion: companySettings.logoVersion }).from(companySettings).where(eq(companySettings.id, 1)).for('update');
  return row;
}
