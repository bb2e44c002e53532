import type { TwoFactorSetupResponse, RecoveryCodesResponse, StepUpResponse } from '../../../contracts/auth';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor } from '../../core/actor';
import { AppError, badRequest, conflict, forbidden } from '../../core/app-error';
import { slidingCounter } from '../../core/rate-limits';
import { MSG } from '../../../contracts/messages';
import { STEP_UP_WINDOW_MS, TWO_FACTOR_ROLES } from '../../../contracts/constants';
import type { TwoFactorStatus } from '../../../contracts/auth';
import { matchTotp, newTotpSecret, otpauthUri, stepAt } from '../../lib/totp';
import { sha256, sealFor, unsealFor } from '../../lib/crypto';
import { verifyPassword } from '../../lib/password';
import { findUserFields, updateUser, type UserRow } from '../users';
import { displayName } from '../users';
import { audit } from '../audit';
import { notify } from '../notifications';
import { queueMail } from '../mail';
import { deleteUserSessions } from './session.repo';
import {
  activateSecret,
  consumeStep,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findTwoFactor,
  markSessionVerified,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
} from './two-factor.repo';

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_ISSUER = 'Member Portal';
/** Wrong codes an account takes in any 15 minutes (a sliding window), whichever screen they were typed on. */
export const CODE_FAILURES = { name: 'two-factor-failures', max: 5, windowMs: 15 * 60_000 };
/** A pending enrolment's secret is good for this long. */
const SETUP_TTL_MS = 15 * 60_000;
const SEAL = 'totp';

/** Admins and founders must sign in with a second factor (issue 13); enrolment is forced at their next sign-in. */
export const twoFactorRequired = (user: Pick<UserRow, 'role'>) => TWO_FACTOR_ROLES.includes(user.role);
/** Signed in with a password only, in a role that needs two-factor and without it yet: only enrolment is open. */
export const mustEnrol = (user: Pick<UserRow, 'role' | 'twoFactorEnabledAt'>) => twoFactorRequired(user) && !user.twoFactorEnabledAt;

/** Whether a second factor was given in this session within the step-up window. */
export function recentlyVerified(verifiedAt: Date | null | undefined, now: Date): boolean {
  return Boolean(verifiedAt) && now.getTime() - verifiedAt!.getTime() <= STEP_UP_WINDOW_MS && verifiedAt!.getTime() <= now.getTime() + 60_000;
}

export async function status(ctx: AppContext, user: Pick<UserRow, 'id' | 'role' | 'twoFactorEnabledAt'>): Promise<TwoFactorStatus> {
  return {
    enabled: Boolean(user.twoFactorEnabledAt),
    required: twoFactorRequired(user),
    enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.twoFactorEnabledAt ? await countUnusedRecoveryCodes(ctx.db, user.id) : 0,
  };
}

/** What the actor's principal does not carry: the address to write to and the password hash. */
const accountOf = async (db: DbOrTx, actor: Actor) => (await findUserFields(db, actor.user.id, ['id', 'userId', 'firstName', 'lastName', 'email', 'password']))!;

/** Starts (or restarts) enrolment: a new secret waits for its first code. Shown once, to the user alone. */
export async function beginSetup(ctx: AppContext, actor: Actor): Promise<TwoFactorSetupResponse> {
  if (actor.onBehalfOf) throw forbidden(MSG.passwordChangeImpersonating, 'IMPERSONATION_FORBIDDEN');
  if (actor.user.twoFactorEnabledAt) throw conflict(MSG.twoFactorAlreadyOn);
  const user = await accountOf(ctx.db, actor);
  const secret = newTotpSecret();
  await savePendingSecret(ctx.db, user.id, sealFor(SEAL, ctx.secret, secret), ctx.clock.now());
  return { secret, otpauthUri: otpauthUri(secret, user.email, TOTP_ISSUER), account: user.email, issuer: TOTP_ISSUER };
}

/** A recovery code: ten letters and digits shown as `xxxxx-xxxxx` (50 bits; only the SHA-256 is kept). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  let code = '';
  for (let i = 0; i < 10; i++) code += alphabet[bytes[i] % alphabet.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const recoveryHash = (code: string) => sha256(`recovery:${code.replace('-', '').toLowerCase()}`);

async function issueRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map(recoveryHash));
  return codes;
}

async function tellUser(ctx: AppContext, db: DbOrTx, user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'userId'>, title: string, change: string) {
  await notify(db, [user.id], { type: 'security', priority: 'high', title, message: change });
  await queueMail(ctx, db, user.email, { template: 'two_factor_changed', params: { name: displayName(user), change, link: `${ctx.config.appUrl}/profile` } });
}

/** Confirms enrolment with the first code from the app: two-factor is on, this session counts as verified. */
export async function enable(ctx: AppContext, actor: Actor, code: string): Promise<RecoveryCodesResponse> {
  if (actor.onBehalfOf) throw forbidden(MSG.passwordChangeImpersonating, 'IMPERSONATION_FORBIDDEN');
  const user = actor.user;
  const now = ctx.clock.now();
  const codes = await ctx.db.transaction(async (tx) => {
    const row = await findTwoFactor(tx, user.id, true);
    if (user.twoFactorEnabledAt || row?.secret) throw conflict(MSG.twoFactorAlreadyOn);
    if (!row?.pendingSecret || !row.pendingSince || now.getTime() - row.pendingSince.getTime() > SETUP_TTL_MS) {
      throw badRequest(MSG.twoFactorNoSetup, undefined, 'INVALID_STATE');
    }
    const secret = unsealFor(SEAL, ctx.secret, row.pendingSecret);
    const step = /^\d{6}$/.test(code) ? matchTotp(secret, code, now.getTime()) : null;
    if (step === null) throw badRequest(MSG.invalidTwoFactorCode, { code: [MSG.invalidTwoFactorCode] }, 'INVALID_CODE');
    await activateSecret(tx, user.id, sealFor(SEAL, ctx.secret, secret), step, now);
    await updateUser(tx, user.id, { twoFactorEnabledAt: now });
    const recovery = await issueRecoveryCodes(tx, user.id);
    if (actor.sessionHash) await markSessionVerified(tx, actor.sessionHash, now);
    await audit(tx, actor, { entityType: 'user', entityId: user.id, action: 'two_factor.enable' });
    await tellUser(
      ctx,
      tx,
      await accountOf(tx, actor),
      'Two-factor sign-in is on',
      'Two-factor sign-in was turned on for your account: signing in now also asks for a code from your authenticator app.',
    );
    return recovery;
  });
  ctx.kickMail();
  return { message: MSG.twoFactorEnabled, recoveryCodes: codes };
}

/**
 * Checks a second-factor code for the user: a current TOTP code (each step once) or an unused recovery code
 * (then spent). Every code takes an attempt of the account before it is checked (5 in any 15 minutes, whatever
 * screen, then 429), so codes sent at once cannot get past the limit; a correct code gives its attempt back.
 */
export async function verifySecondFactor(ctx: AppContext, user: Pick<UserRow, 'id' | 'twoFactorEnabledAt'>, code: string): Promise<'totp' | 'recovery'> {
  const attempts = slidingCounter(ctx, CODE_FAILURES.name, CODE_FAILURES.max, CODE_FAILURES.windowMs);
  const reservation = await attempts.reserve(user.id);
  if (!reservation) throw new AppError('RATE_LIMITED', 429, MSG.tooManyTwoFactorAttempts);
  const now = ctx.clock.now();
  const row = await findTwoFactor(ctx.db, user.id);
  let kind: 'totp' | 'recovery' | null = null;
  if (row?.secret && user.twoFactorEnabledAt) {
    if (/^\d{6}$/.test(code)) {
      const step = matchTotp(unsealFor(SEAL, ctx.secret, row.secret), code, now.getTime(), row.lastStep);
      if (step !== null && (await consumeStep(ctx.db, user.id, step))) kind = 'totp';
    } else if (await useRecoveryCode(ctx.db, user.id, recoveryHash(code), now)) {
      kind = 'recovery';
    }
  }
  // A wrong code keeps its attempt: that is the failure counted.
  if (!kind) throw badRequest(MSG.invalidTwoFactorCode, { code: [MSG.invalidTwoFactorCode] }, 'INVALID_CODE');
  await reservation.release();
  if (kind === 'recovery') {
    const left = await countUnusedRecoveryCodes(ctx.db, user.id);
    await notify(ctx.db, [user.id], {
      type: 'security',
      priority: 'high',
      title: 'A recovery code was used',
      message: `A recovery code was used for your account. ${left} of ${RECOVERY_CODE_COUNT} are left; make new ones on your profile if you are running low.`,
    });
  }
  return kind;
}

/** Step-up: the code again, so that the next 5 minutes of this session may do what asks for it. */
export async function stepUp(ctx: AppContext, actor: Actor, code: string): Promise<StepUpResponse> {
  if (actor.onBehalfOf || !actor.sessionHash) throw forbidden(MSG.passwordChangeImpersonating, 'IMPERSONATION_FORBIDDEN');
  if (!actor.user.twoFactorEnabledAt) throw forbidden(MSG.twoFactorNotOn, 'TWO_FACTOR_ENROLMENT_REQUIRED');
  await verifySecondFactor(ctx, actor.user, code);
  const now = ctx.clock.now();
  await markSessionVerified(ctx.db, actor.sessionHash, now);
  return { message: MSG.stepUpConfirmed, verifiedUntil: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString() };
}

/** New recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodes(ctx: AppContext, actor: Actor, code: string) {
  if (actor.onBehalfOf) throw forbidden(MSG.passwordChangeImpersonating, 'IMPERSONATION_FORBIDDEN');
  if (!actor.user.twoFactorEnabledAt) throw badRequest(MSG.twoFactorNotOn, undefined, 'INVALID_STATE');
  await verifySecondFactor(ctx, actor.user, code);
  const codes = await ctx.db.transaction(async (tx) => {
    const recovery = await issueRecoveryCodes(tx, actor.user.id);
    await audit(tx, actor, { entityType: 'user', entityId: actor.user.id, action: 'two_factor.recovery_codes' });
    return recovery;
  });
  return { message: 'New recovery codes are ready. The old ones no longer work.', recoveryCodes: codes };
}

/** A member turns it off with their password and a code; admins and founders cannot. */
export async function disable(ctx: AppContext, actor: Actor, password: string, code: string) {
  if (actor.onBehalfOf) throw forbidden(MSG.passwordChangeImpersonating, 'IMPERSONATION_FORBIDDEN');
  if (twoFactorRequired(actor.user)) throw forbidden(MSG.twoFactorRequiredForRole);
  if (!actor.user.twoFactorEnabledAt) throw badRequest(MSG.twoFactorNotOn, undefined, 'INVALID_STATE');
  const user = await accountOf(ctx.db, actor);
  if (!(await verifyPassword(user.password, password))) {
    throw badRequest(MSG.currentPasswordWrong, { password: [MSG.currentPasswordWrong] }, 'INVALID_CREDENTIALS');
  }
  await verifySecondFactor(ctx, actor.user, code);
  await ctx.db.transaction(async (tx) => {
    await deleteTwoFactor(tx, user.id);
    await updateUser(tx, user.id, { twoFactorEnabledAt: null });
    await audit(tx, actor, { entityType: 'user', entityId: user.id, action: 'two_factor.disable' });
    await tellUser(ctx, tx, user, 'Two-factor sign-in is off', 'Two-factor sign-in was turned off for your account: signing in asks only for your password now.');
  });
  ctx.kickMail();
  return { message: MSG.twoFactorDisabled };
}

/**
 * An admin clears another user's two-factor (a lost phone), in the caller's transaction: their sessions end, an admin
 * or founder sets it up again at the next sign-in, the user is told. Nobody resets their own (another admin must); an
 * admin's or founder's reset is applied only when a third person approves it (users/account-approvals.service.ts, issue 29).
 */
export async function clearTwoFactorFor(ctx: AppContext, tx: DbOrTx, actor: Actor, target: UserRow, reason: string) {
  const admin = realUser(actor);
  if (admin.id === target.id) throw forbidden('Another admin must reset your two-factor sign-in.', 'SECOND_ADMIN_REQUIRED');
  await deleteTwoFactor(tx, target.id);
  await updateUser(tx, target.id, { twoFactorEnabledAt: null });
  await deleteUserSessions(tx, target.id);
  await audit(tx, actor, { entityType: 'user', entityId: target.id, action: 'two_factor.reset', reason });
  await tellUser(
    ctx,
    tx,
    target,
    'Two-factor sign-in was reset',
    `An administrator (${admin.userId}) reset two-factor sign-in for your account and signed you out everywhere. Set it up again at your next sign-in.`,
  );
}

/** The step of now, for the harness and the benchmark that compute codes. */
export const currentStep = (ctx: AppContext) => stepAt(ctx.clock.now().getTime());
