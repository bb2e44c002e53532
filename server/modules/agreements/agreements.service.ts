import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isSystemActor, type Actor, type Origin, type Principal, type SystemActor } from '../../core/actor';
import { badRequest, conflict, notFound } from '../../core/app-error';
import { audit } from '../audit';
import { branding, brandingLogo } from '../branding';
import { displayName, findUserById } from '../users';
import { AGREEMENT_MSG, needsAgreement, type AdminAgreements, type AgreementText, type AgreementVersionView, type MemberAcceptances, type MyAgreement } from '../../../contracts/agreements';
import {
  acceptedVersion,
  findLatestAcceptance,
  findVersionInForce,
  highestAccepted,
  insertAcceptance,
  insertVersion,
  listAcceptances,
  listVersions,
  maxVersion,
  versionDates,
  type AgreementVersionRow,
} from './agreements.repo';
import { renderAgreementPdf } from './agreement-pdf';

/** A publish request as parsed (title trimmed, text with plain line ends). */
interface PublishInput {
  title: string;
  body: string;
}

const textOf = (row: AgreementVersionRow): AgreementText => ({ version: row.version, title: row.title, body: row.body, effectiveFrom: row.effectiveFrom.toISOString() });

/** The version in force now, if any has been published. */
export async function agreementInForce(ctx: AppContext, db: DbOrTx = ctx.db) {
  return findVersionInForce(db, ctx.clock.now());
}

/** GET /api/agreement/current: what the joining forms show. */
export async function currentAgreement(ctx: AppContext) {
  const row = await agreementInForce(ctx);
  return { agreement: row ? textOf(row) : null };
}

/**
 * The acceptance given with a joining form (signup, referral registration, invitation), recorded in the caller's
 * transaction with the user it creates. Refused (400, nothing written) unless it names the version in force; with no
 * version published yet there is nothing to accept.
 */
export async function acceptAtJoin(ctx: AppContext, tx: DbOrTx, userId: string, version: number | undefined, origin: Origin, at?: Date) {
  const current = await findVersionInForce(tx, ctx.clock.now());
  if (!current) return;
  assertCurrent(current, version);
  await insertAcceptance(tx, { userId, versionId: current.id, version: current.version, acceptedAt: at ?? ctx.clock.now(), ipAddress: origin.ip?.slice(0, 64) ?? null, userAgent: origin.userAgent });
}

/** Checks a joining form's acceptance before any work is done (the same rule as acceptAtJoin). */
export async function assertJoinAcceptance(ctx: AppContext, version: number | undefined) {
  const current = await agreementInForce(ctx);
  if (current) assertCurrent(current, version);
}

function assertCurrent(current: AgreementVersionRow, version: number | undefined) {
  if (version === current.version) return;
  const message = version === undefined ? AGREEMENT_MSG.acceptRequired : AGREEMENT_MSG.outdated;
  throw badRequest(message, { agreementVersion: [message] }, 'AGREEMENT_NOT_ACCEPTED');
}

/**
 * The access check asks on every member request whether a newer version waits (http/routes.ts); a query each time
 * cost every member request a second round trip (GET /api/auth/user fell from about 5,000 to 2,600 a second). So
 * each process keeps, per database, the versions' effective dates (a handful of rows) for VERSIONS_TTL_MS, forgotten
 * at once when this process publishes; another process sees a new version within that time, and the rule asks for
 * it at the member's next sign-in anyway. A member found to have accepted the version in force is remembered (an
 * acceptance is never taken back); a member still to accept is asked again each time.
 */
const VERSIONS_TTL_MS = 5_000;
const ACCEPTED_KEPT = 100_000;
const versionsSeen = new WeakMap<object, { readAt: number; versions: { version: number; effectiveFrom: Date }[] }>();
const acceptedSeen = new WeakMap<object, Map<string, number>>();

async function versionNumberInForce(ctx: AppContext, now: Date): Promise<number> {
  let seen = versionsSeen.get(ctx.db);
  if (!seen || Date.now() - seen.readAt > VERSIONS_TTL_MS) {
    seen = { readAt: Date.now(), versions: await versionDates(ctx.db) };
    versionsSeen.set(ctx.db, seen);
  }
  let inForce = 0;
  for (const v of seen.versions) if (v.effectiveFrom <= now && v.version > inForce) inForce = v.version;
  return inForce;
}

/**
 * Whether this member must accept a newer version before using the portal (the access check, http/routes.ts, and
 * the current-user view). Admins and founders are never held. Version 1 came with the agreement: a member who
 * joined before any acceptance was asked (none recorded) is held from version 2 on.
 */
export async function agreementPending(ctx: AppContext, user: Pick<Principal, 'id' | 'role'>): Promise<boolean> {
  if (!needsAgreement(user.role)) return false;
  const inForce = await versionNumberInForce(ctx, ctx.clock.now());
  if (inForce <= 1) return false;
  let accepted = acceptedSeen.get(ctx.db);
  if ((accepted?.get(user.id) ?? 0) >= inForce) return false;
  const highest = await highestAccepted(ctx.db, user.id);
  if (highest < inForce) return true;
  if (!accepted) acceptedSeen.set(ctx.db, (accepted = new Map()));
  if (accepted.size >= ACCEPTED_KEPT) accepted.clear();
  accepted.set(user.id, highest);
  return false;
}

export async function myAgreement(ctx: AppContext, actor: Actor): Promise<MyAgreement> {
  const [current, latest] = await Promise.all([agreementInForce(ctx), findLatestAcceptance(ctx.db, actor.user.id)]);
  const accepted = latest ? { version: latest.acceptance.version, title: latest.text.title, acceptedAt: latest.acceptance.acceptedAt.toISOString(), ipAddress: latest.acceptance.ipAddress } : null;
  // Version 1 came with the agreement: a member with no acceptance recorded is held from version 2 on (agreementPending).
  const required = Boolean(current) && needsAgreement(actor.user.role) && (accepted ? accepted.version < current!.version : current!.version > 1);
  return { current: current ? textOf(current) : null, accepted, required };
}

/** The member accepts the version in force (the update screen after sign-in); the time and address are recorded. */
export async function acceptAgreement(ctx: AppContext, actor: Actor, input: { version: number }): Promise<MyAgreement> {
  await ctx.db.transaction(async (tx) => {
    const current = await findVersionInForce(tx, ctx.clock.now());
    if (!current) throw notFound(AGREEMENT_MSG.noneInForce);
    assertCurrent(current, input.version);
    if (await acceptedVersion(tx, actor.user.id, current.version)) return;
    await insertAcceptance(tx, {
      userId: actor.user.id,
      versionId: current.id,
      version: current.version,
      acceptedAt: ctx.clock.now(),
      ipAddress: actor.ip?.slice(0, 64) ?? null,
      userAgent: actor.userAgent,
    });
    await audit(tx, actor, { entityType: 'agreement', entityId: current.id, action: 'agreement.accepted', newState: { version: current.version } });
  });
  return myAgreement(ctx, actor);
}

/** The agreement the member last accepted, as a PDF carrying the acceptance. */
export async function agreementPdf(ctx: AppContext, actor: Actor) {
  const latest = await findLatestAcceptance(ctx.db, actor.user.id);
  if (!latest) throw notFound(AGREEMENT_MSG.noneAccepted);
  const [user, b, logo] = await Promise.all([findUserById(ctx.db, actor.user.id), branding(ctx), brandingLogo(ctx)]);
  const pdf = await renderAgreementPdf(
    { version: latest.text.version, title: latest.text.title, body: latest.text.body, effectiveFrom: latest.text.effectiveFrom },
    { name: user ? displayName(user) : actor.user.userId, memberId: actor.user.userId, acceptedAt: latest.acceptance.acceptedAt, ipAddress: latest.acceptance.ipAddress },
    { companyName: b.companyName, primaryColor: b.primaryColor, supportEmail: b.supportEmail, supportPhone: b.supportPhone, logo: logo?.bytes },
  );
  return { pdf, fileName: `direct-seller-agreement-v${latest.text.version}-${actor.user.userId}.pdf` };
}

export async function adminAgreements(ctx: AppContext): Promise<AdminAgreements> {
  const [rows, inForce] = await Promise.all([listVersions(ctx.db), agreementInForce(ctx)]);
  return { versions: rows.map(({ row, acceptances }) => versionView(row, acceptances, inForce?.id === row.id)), inForce: inForce?.version ?? null };
}

const versionView = (row: AgreementVersionRow, acceptances: number, inForce: boolean): AgreementVersionView => ({
  id: row.id,
  version: row.version,
  title: row.title,
  body: row.body,
  effectiveFrom: row.effectiveFrom.toISOString(),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  inForce,
  acceptances: Number(acceptances),
});

/**
 * Publishes a new version, in force at once (audited). A published version is never edited: the next one supersedes
 * it, and every member accepts it at their next sign-in.
 */
export async function publishAgreement(ctx: AppContext, actor: Actor | SystemActor, input: PublishInput, db: DbOrTx = ctx.db, at?: Date): Promise<AgreementVersionView> {
  const createdBy = isSystemActor(actor) ? null : (actor.onBehalfOf?.admin.id ?? actor.user.id);
  const run = async (tx: DbOrTx) => {
    const version = (await maxVersion(tx)) + 1;
    const now = at ?? ctx.clock.now();
    const row = await insertVersion(tx, { version, title: input.title.trim(), body: input.body, effectiveFrom: now, createdBy, createdAt: now });
    await audit(tx, actor, { entityType: 'agreement', entityId: row.id, action: 'agreement.published', newState: { version, title: row.title } });
    return row;
  };
  try {
    const row = db === ctx.db ? await ctx.db.transaction(run) : await run(db);
    versionsSeen.delete(ctx.db);
    return versionView(row, 0, true);
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505') throw conflict('Another version was published at the same moment. Please reload and try again.');
    throw err;
  }
}

/** First start (server/seed): the first version, unless one exists; `at` dates it (the demo's history). */
export async function ensureFirstAgreement(ctx: AppContext, input: PublishInput, at?: Date) {
  if ((await maxVersion(ctx.db)) > 0) return undefined;
  return publishAgreement(ctx, { system: 'first-start', ip: null, userAgent: null }, input, ctx.db, at);
}

export async function memberAcceptances(ctx: AppContext, userId: string): Promise<MemberAcceptances> {
  const rows = await listAcceptances(ctx.db, userId);
  return { acceptances: rows.map((r) => ({ version: r.version, title: r.title, acceptedAt: r.acceptedAt.toISOString(), ipAddress: r.ipAddress, userAgent: r.userAgent })) };
}
