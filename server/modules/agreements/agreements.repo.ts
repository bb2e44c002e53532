import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agreementAcceptances, agreementVersions } from '../../db/schema';

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;
export type AcceptanceRow = typeof agreementAcceptances.$inferSelect;

/** The version in force at `now`: the highest whose effective date has come. */
export async function findVersionInForce(db: DbOrTx, now: Date): Promise<AgreementVersionRow | undefined> {
  const [row] = await db.select().from(agreementVersions).where(lte(agreementVersions.effectiveFrom, now)).orderBy(desc(agreementVersions.version)).limit(1);
  return row;
}

export async function findVersion(db: DbOrTx, version: number): Promise<AgreementVersionRow | undefined> {
  const [row] = await db.select().from(agreementVersions).where(eq(agreementVersions.version, version)).limit(1);
  return row;
}

export async function listVersions(db: DbOrTx) {
  return db
    .select({
      row: agreementVersions,
      // The outer row named in full: a bare column here would be read as the inner table's own `id`.
      acceptances: sql<number>`(select count(*)::int from ${agreementAcceptances} a where a.version_id = "agreement_versions"."id")`,
    })
    .from(agreementVersions)
    .orderBy(desc(agreementVersions.version));
}

export async function maxVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ v: sql<number>`coalesce(max(${agreementVersions.version}), 0)::int` }).from(agreementVersions);
  return row?.v ?? 0;
}

export async function insertVersion(db: DbOrTx, values: typeof agreementVersions.$inferInsert): Promise<AgreementVersionRow> {
  const [row] = await db.insert(agreementVersions).values(values).returning();
  return row!;
}

/** Records an acceptance; accepting a version already accepted changes nothing. */
export async function insertAcceptance(db: DbOrTx, values: typeof agreementAcceptances.$inferInsert) {
  await db
    .insert(agreementAcceptances)
    .values(values)
    .onConflictDoNothing({ target: [agreementAcceptances.userId, agreementAcceptances.version] });
}

/** A member's acceptances with each version's title, newest first. */
export async function listAcceptances(db: DbOrTx, userId: string) {
  return db
    .select({
      version: agreementAcceptances.version,
      title: agreementVersions.title,
      acceptedAt: agreementAcceptances.acceptedAt,
      ipAddress: agreementAcceptances.ipAddress,
      userAgent: agreementAcceptances.userAgent,
    })
    .from(agreementAcceptances)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementAcceptances.versionId))
    .where(eq(agreementAcceptances.userId, userId))
    .orderBy(desc(agreementAcceptances.version));
}

/** The member's latest acceptance with the text they accepted. */
export async function findLatestAcceptance(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ acceptance: agreementAcceptances, text: agreementVersions })
    .from(agreementAcceptances)
    .innerJoin(agreementVersions, eq(agreementVersions.id, agreementAcceptances.versionId))
    .where(eq(agreementAcceptances.userId, userId))
    .orderBy(desc(agreementAcceptances.version))
    .limit(1);
  return row;
}

/** Every version's number and effective date (a handful of rows): what the access check caches per process. */
export async function versionDates(db: DbOrTx): Promise<{ version: number; effectiveFrom: Date }[]> {
  return db.select({ version: agreementVersions.version, effectiveFrom: agreementVersions.effectiveFrom }).from(agreementVersions);
}

/** The highest version the member accepted, 0 when none. */
export async function highestAccepted(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ v: sql<number>`coalesce(max(${agreementAcceptances.version}), 0)::int` })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.userId, userId));
  return row?.v ?? 0;
}

export async function acceptedVersion(db: DbOrTx, userId: string, version: number) {
  const [row] = await db
    .select({ id: agreementAcceptances.id })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.userId, userId), eq(agreementAcceptances.version, version)))
    .limit(1);
  return Boolean(row);
}
