import { audit } from '../audit';
import { emailChangeHoldEnd } from '../custody';
import { payoutTime } from '../users';
import type { AppContext } from '../../context';
import type { Actor, Origin } from '../../core/actor';
import { AppError, badRequest, conflict } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import { SESSION_DEFAULT_MS, SESSION_REMEMBER_MS, TWO_FACTOR_CHALLENGE_MS } from '../../../contracts/constants';
import type { LoginRequest, SignupRequest } from '../../../contracts/auth';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newToken, sha256 } from '../../lib/crypto';
import { findUserByLogin, findUserByEmail, findUserByUserId, findUserById, findUserFields, insertUser, updateUser, type UserRow } from '../users';
import { generateUserId, splitFullName, displayName, maskEmail } from '../users';
import { insertSession, deleteSession, deleteUserSessions, revokeImpersonationsIssuedBy } from './session.repo';
import { issueToken, useToken, peekToken } from './tokens.service';
import { queueMail } from '../mail';
import { enterPipeline } from '../recruitment';
import { accountCounter } from '../../core/rate-limits';
import { notify } from '../notifications';
import { passwordProblem } from '../../../contracts/passwords';
import { randomUUID } from 'node:crypto';
import { deleteChallenge, insertChallenge, reserveChallengeAttempt } from './two-factor.repo';
import { verifySecondFactor } from './two-factor.service';
import { acceptAtJoin, agreementInForce, assertJoinAcceptance } from '../agreements';
import { needsAgreement } from '../../../contracts/agreements';

export interface NewSession {
  token: string;
  expires: Date;
  persistent: boolean;
}

async function startSession(ctx: AppContext, user: UserRow, rememberMe: boolean, replaceHash?: string, verifiedAt?: Date): Promise<NewSession> {
  const now = ctx.clock.now();
  const token = newToken();
  const expires = new Date(now.getTime() + (rememberMe ? SESSION_REMEMBER_MS : SESSION_DEFAULT_MS));
  await ctx.db.transaction(async (tx) => {
    // A fresh id at every sign-in: a session id planted before sign-in is worthless after it.
    if (replaceHash) await deleteSession(tx, replaceHash);
    await insertSession(tx, { sid: sha256(token), userId: user.id, expire: expires, verifiedAt: verifiedAt ?? null, sess: { rememberMe, createdAt: now.toISOString() } });
    await updateUser(tx, user.id, { lastActiveAt: now });
  });
  return { token, expires, persistent: rememberMe };
}

const REFUSED_STATUS: Record<string, { code: 'ACCOUNT_NOT_VERIFIED' | 'ACCOUNT_NOT_ACTIVE'; message: string }> = {
  registered: { code: 'ACCOUNT_NOT_VERIFIED', message: MSG.emailNotVerified },
  invited: { code: 'ACCOUNT_NOT_ACTIVE', message: MSG.invitationNotCompleted },
  rejected: { code: 'ACCOUNT_NOT_ACTIVE', message: MSG.accountRejected },
  suspended: { code: 'ACCOUNT_NOT_ACTIVE', message: MSG.accountNotActive },
  inactive: { code: 'ACCOUNT_NOT_ACTIVE', message: MSG.accountNotActive },
};

/** Wrong passwords an account takes in 15 minutes before sign-in pauses for the rest of the window. */
export const LOGIN_FAILURES = { name: 'login-failures', max: 10, windowMs: 15 * 60_000 };
/** Wrong current passwords a signed-in user may type in 15 minutes (change password). */
export const CURRENT_PASSWORD_FAILURES = { name: 'current-password-failures', max: 5, windowMs: 15 * 60_000 };

/**
 * The role's password rule (issue 13): the forms' schema already holds 8 characters and the common list; admins and
 * founders need 12. Refused with the field's message, before anything changes.
 */
export function assertPasswordFor(role: string, password: string, field: string) {
  const problem = passwordProblem(password, role);
  if (problem) throw badRequest(problem, { [field]: [problem] });
}

export async function login(ctx: AppContext, input: LoginRequest, previousSessionHash?: string) {
  const user = await findUserByLogin(ctx.db, input.userId);
  // Counted per account whichever identifier was typed (email or user ID); an unknown identifier is counted under
  // itself, so both cost the same queries.
  const failures = accountCounter(ctx, LOGIN_FAILURES.name, LOGIN_FAILURES.max, LOGIN_FAILURES.windowMs);
  const subject = user ? user.id : `unknown:${input.userId.trim().toLowerCase().slice(0, 120)}`;
  if (!failures.off && (await failures.peek(subject)) >= failures.limit) throw new AppError('RATE_LIMITED', 429, MSG.tooManyLogins);
  const ok = await verifyPassword(user?.password, input.password);
  if (!user || !ok) {
    if (!failures.off && (await failures.hit(subject)) === failures.limit && user) await tellAccountLocked(ctx, user);
    throw new AppError('INVALID_CREDENTIALS', 401, MSG.invalidCredentials);
  }
  const refusal = REFUSED_STATUS[user.status];
  if (refusal) throw new AppError(refusal.code, 403, refusal.message);
  // A password that no longer meets the rules (older, shorter, common) is changed at this sign-in, as a temporary one is.
  if (!user.firstLogin && passwordProblem(input.password, user.role)) {
    await updateUser(ctx.db, user.id, { firstLogin: true });
    user.firstLogin = true;
  }
  if (user.twoFactorEnabledAt) {
    // The password was right; the session waits for the code (a challenge of 5 minutes, 5 tries).
    const challenge = newToken();
    await insertChallenge(ctx.db, {
      tokenHash: sha256(challenge),
      userId: user.id,
      rememberMe: input.rememberMe,
      expiresAt: new Date(ctx.clock.now().getTime() + TWO_FACTOR_CHALLENGE_MS),
    });
    return { user, challenge, session: undefined };
  }
  const session = await startSession(ctx, user, input.rememberMe, previousSessionHash);
  return { user, session, challenge: undefined };
}

/** Codes one challenge takes before the password must be typed again. */
export const CHALLENGE_ATTEMPTS = 5;

/**
 * The second step of a two-factor sign-in: the challenge from the password step and a code (TOTP or recovery).
 * The session starts verified, so the next 5 minutes need no step-up. Each code takes one of the challenge's
 * attempts before it is checked, so codes sent at once on one challenge are checked at most CHALLENGE_ATTEMPTS times.
 */
export async function completeTwoFactorLogin(ctx: AppContext, challengeToken: string | undefined, code: string, previousSessionHash?: string) {
  const now = ctx.clock.now();
  const tokenHash = challengeToken ? sha256(challengeToken) : '';
  const challenge = challengeToken ? await reserveChallengeAttempt(ctx.db, tokenHash, CHALLENGE_ATTEMPTS, now) : undefined;
  if (!challenge) throw new AppError('INVALID_TOKEN', 401, MSG.twoFactorChallengeExpired);
  const user = await findUserById(ctx.db, challenge.userId);
  const refusal = user && REFUSED_STATUS[user.status];
  if (!user || !user.twoFactorEnabledAt) throw new AppError('INVALID_TOKEN', 401, MSG.twoFactorChallengeExpired);
  if (refusal) throw new AppError(refusal.code, 403, refusal.message);
  try {
    await verifySecondFactor(ctx, user, code);
  } catch (e) {
    // The last attempt was wrong: the challenge ends and the password is asked again.
    if (e instanceof AppError && e.code === 'INVALID_CODE' && challenge.attempts >= CHALLENGE_ATTEMPTS) {
      await deleteChallenge(ctx.db, tokenHash);
      throw new AppError('INVALID_TOKEN', 401, MSG.twoFactorChallengeExpired);
    }
    throw e;
  }
  if (!(await deleteChallenge(ctx.db, tokenHash))) throw new AppError('INVALID_TOKEN', 401, MSG.twoFactorChallengeExpired);
  const session = await startSession(ctx, user, challenge.rememberMe, previousSessionHash, now);
  return { user, session };
}

/** The member hears at once that sign-in to their account paused: a notification and a mail with a reset link. */
async function tellAccountLocked(ctx: AppContext, user: UserRow) {
  const minutes = LOGIN_FAILURES.windowMs / 60_000;
  await ctx.db.transaction(async (tx) => {
    await notify(tx, [user.id], {
      type: 'security',
      priority: 'high',
      title: 'Sign-in paused',
      message: `A wrong password was typed ${LOGIN_FAILURES.max} times for your account, so sign-in is paused for up to ${minutes} minutes. If this was not you, change your password.`,
    });
    await queueMail(ctx, tx, user.email, { template: 'account_locked', params: { name: displayName(user), minutes, link: `${ctx.config.appUrl}/forgot-password` } });
  });
  ctx.kickMail();
}

/** Ends this session; impersonation tokens the user issued end with it (issue 13). */
export async function logout(ctx: AppContext, userId: string, sessionHash: string | undefined) {
  await ctx.db.transaction(async (tx) => {
    if (sessionHash) await deleteSession(tx, sessionHash);
    await revokeImpersonationsIssuedBy(tx, userId);
  });
}

export async function changePassword(ctx: AppContext, actor: Actor, currentPassword: string, newPassword: string) {
  // The password hash and the address to tell are not in the actor's principal.
  const user = (await findUserFields(ctx.db, actor.user.id, ['id', 'userId', 'firstName', 'lastName', 'role', 'email', 'password']))!;
  assertPasswordFor(user.role, newPassword, 'newPassword');
  const failures = accountCounter(ctx, CURRENT_PASSWORD_FAILURES.name, CURRENT_PASSWORD_FAILURES.max, CURRENT_PASSWORD_FAILURES.windowMs);
  if (!failures.off && (await failures.peek(user.id)) >= failures.limit) throw new AppError('RATE_LIMITED', 429, MSG.tooManyPasswordAttempts);
  if (!(await verifyPassword(user.password, currentPassword))) {
    if (!failures.off) await failures.hit(user.id);
    throw badRequest(MSG.currentPasswordWrong, { currentPassword: [MSG.currentPasswordWrong] }, 'INVALID_CREDENTIALS');
  }
  const hash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { password: hash, firstLogin: false, passwordChangedAt: ctx.clock.now() });
    await deleteUserSessions(tx, user.id, actor.sessionHash);
    await queueMail(ctx, tx, user.email, { template: 'password_changed', params: { name: displayName(user) } });
    // Every change of who can sign in is in the audit log (issue 29, money-control matrix).
    await audit(tx, actor, { entityType: 'user', entityId: user.id, action: 'user.password_change' });
  });
  ctx.kickMail();
}

/** Looks up an active member who may sponsor (doc 1 §7: name, masked email, id). */
export async function findSponsor(ctx: AppContext, code: string) {
  const sponsor = await findUserByUserId(ctx.db, code.trim());
  if (!sponsor || sponsor.status !== 'active' || sponsor.role === 'admin') {
    throw new AppError('INVALID_SPONSOR', 404, MSG.invalidSponsor);
  }
  return sponsor;
}

export function sponsorView(sponsor: UserRow) {
  return { name: displayName(sponsor), email: maskEmail(sponsor.email), id: sponsor.userId };
}

export async function signup(ctx: AppContext, input: SignupRequest, origin: Origin) {
  const ip = origin.ip ?? '';
  // The Direct Seller Agreement in force must be accepted with the form (issue 32): refused before any work.
  await assertJoinAcceptance(ctx, input.agreementVersion);
  const sponsor = input.sponsorCode
    ? await findSponsor(ctx, input.sponsorCode).catch(() => {
        throw badRequest(MSG.invalidSponsor, { sponsorCode: [MSG.invalidSponsor] }, 'INVALID_SPONSOR');
      })
    : undefined;
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
  const hash = await hashPassword(input.password);
  const { firstName, lastName } = splitFullName(input.fullName);
  await ctx.db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        userId: await generateUserId(ctx, tx),
        email: input.email,
        password: hash,
        firstName,
        lastName,
        role: 'user',
        status: 'registered',
        emailVerified: false,
        firstLogin: false,
        sponsorId: sponsor?.id ?? null,
        registrationDate: ctx.clock.now(),
      });
      await acceptAtJoin(ctx, tx, user.id, input.agreementVersion, origin);
      const token = await issueToken(ctx, tx, { email: user.email, userId: user.id, type: 'email_verification', ip });
      await queueMail(ctx, tx, user.email, {
        template: 'verify_email',
        params: { name: displayName(user), link: `${ctx.config.appUrl}/verify-email?token=${token}` },
      });
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
      throw err;
    });
  ctx.kickMail();
  return { message: MSG.signupDone };
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function verifyEmail(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await useToken(ctx, tx, token, 'email_verification');
    const user = row?.userId ? await findUserById(tx, row.userId) : undefined;
    if (!row || !user || user.status !== 'registered') throw new AppError('INVALID_TOKEN', 400, MSG.invalidVerificationToken);
    const updated = await updateUser(tx, user.id, { status: 'pending', emailVerified: true });
    await enterPipeline(tx, updated!, { recruiterId: user.sponsorId, uplineId: user.sponsorId });
  });
  return { message: MSG.emailVerified };
}

/** The job that looks the address up and mails the link, after the request has been answered. */
export const PASSWORD_RESET_JOB = 'auth.password-reset';

/**
 * Forgot password answers before it knows whether the address exists: it only queues the job (one insert, the
 * same for every address), so its time tells nothing (issue 13). The job runs right after in this process when
 * it runs jobs, otherwise in a worker.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  await ctx.jobs.queue({ key: `${PASSWORD_RESET_JOB}:${randomUUID()}`, name: PASSWORD_RESET_JOB, payload: { email, ip } });
  setImmediate(() => {
    ctx.runJobsHere?.([PASSWORD_RESET_JOB]).catch((err) => ctx.log.error({ err }, 'password reset job failed'));
  });
  // Same words whether or not the address is known (docs/spec/decisions.md §2).
  return { message: MSG.forgotAnswer };
}

/** The work of a forgot-password request: a link by mail when the address belongs to an account that may reset. */
export async function sendPasswordReset(ctx: AppContext, { email, ip }: { email: string; ip: string }) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || ['rejected', 'registered', 'invited'].includes(user.status)) return;
  // Within 24 hours of an admin's change of the email, no reset link goes out (issue 29): an insider who points the
  // account at a new address cannot turn it into a password. The account hears of the attempt instead.
  const hold = await emailChangeHoldEnd(ctx, ctx.db, user.id);
  if (hold) {
    await notify(ctx.db, [user.id], {
      type: 'security',
      priority: 'high',
      title: 'Password reset paused',
      message: `A password reset was asked for your account within 24 hours of an administrator's change of its email, so no link was sent. Resets open again on ${payoutTime(hold)}.`,
    });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(ctx, tx, { email: user.email, userId: user.id, type: 'password_reset', ip });
    await queueMail(ctx, tx, user.email, {
      template: 'password_reset',
      params: { name: displayName(user), link: `${ctx.config.appUrl}/reset-password?token=${token}` },
    });
  });
  ctx.kickMail();
}

export async function resetPassword(ctx: AppContext, token: string, newPassword: string) {
  const hash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const row = await useToken(ctx, tx, token, 'password_reset');
    const user = row?.userId ? await findUserById(tx, row.userId) : undefined;
    if (!row || !user) throw new AppError('INVALID_TOKEN', 400, MSG.invalidResetToken);
    assertPasswordFor(user.role, newPassword, 'newPassword');
    await updateUser(tx, user.id, { password: hash, firstLogin: false, passwordChangedAt: ctx.clock.now() });
    await deleteUserSessions(tx, user.id);
    await audit(tx, { system: 'password-reset-link', ip: null, userAgent: null }, { entityType: 'user', entityId: user.id, action: 'user.password_reset' });
  });
  return { message: MSG.passwordReset };
}

/** Invited users, and founders' hidden ids that have no password yet (docs/spec/decisions.md §10). */
const awaitsInvitation = (u: UserRow) => u.status === 'invited' || (u.isHiddenId && !u.password);

export async function validateInvitation(ctx: AppContext, token: string) {
  const row = await peekToken(ctx, ctx.db, token, 'invitation');
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!row || !user || !awaitsInvitation(user)) throw new AppError('INVALID_TOKEN', 400, MSG.invitationInvalid);
  return { user: { firstName: user.firstName ?? '', email: user.email }, agreementRequired: invitedSeller(user) && Boolean(await agreementInForce(ctx)) };
}

/** An invited account that is a direct seller (not an admin or a founder's hidden ID): it accepts the agreement. */
const invitedSeller = (u: UserRow) => needsAgreement(u.role) && !u.isHiddenId;

/** Invited admins become active; invited members join the pipeline at the admin step (docs/spec/decisions.md §3). */
export async function completeInvitation(ctx: AppContext, token: string, password: string, agreementVersion: number | undefined, origin: Origin) {
  const hash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const row = await useToken(ctx, tx, token, 'invitation');
    const user = row?.userId ? await findUserById(tx, row.userId) : undefined;
    if (!row || !user || !awaitsInvitation(user)) throw new AppError('INVALID_TOKEN', 400, MSG.invitationInvalid);
    assertPasswordFor(user.role, password, 'password');
    // An invited direct seller accepts the agreement in force with the password (issue 32), in this transaction.
    if (invitedSeller(user)) await acceptAtJoin(ctx, tx, user.id, agreementVersion, origin);
    const now = ctx.clock.now();
    if (user.role === 'admin' || user.isHiddenId) {
      await updateUser(tx, user.id, { password: hash, status: 'active', emailVerified: true, firstLogin: false, passwordChangedAt: now });
    } else {
      const updated = await updateUser(tx, user.id, { password: hash, status: 'pending', emailVerified: true, firstLogin: false, passwordChangedAt: now });
      await enterPipeline(tx, updated!, {});
    }
    await audit(tx, { system: 'invitation-link', ip: null, userAgent: null }, { entityType: 'user', entityId: user.id, action: 'user.invitation_complete' });
  });
  return { message: MSG.invitationComplete };
}
