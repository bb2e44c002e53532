import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { get, post, identityOf, type RouteDef } from '../../http/routes';
import { clearSessionHint } from '../../http/session-hint';
import { actorFrom, actorOf, originOf } from '../../http/actor';
import type { RateLimitRule } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { MSG } from '../../../contracts/messages';
import { SESSION_COOKIE, TWO_FACTOR_CHALLENGE_COOKIE, TWO_FACTOR_CHALLENGE_MS } from '../../../contracts/constants';
import {
  LoginRequest,
  SignupRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
  ValidateInvitationRequest,
  CompleteInvitationRequest,
  TwoFactorCodeRequest,
  SponsorCodeParam,
} from '../../../contracts/auth';
import { unauthenticated } from '../../core/app-error';
import { currentUserOf, currentUserView } from '../users';
import * as auth from './auth.service';
import { resolveIdentityWithView } from './identity';
import { revoke as revokeImpersonation } from '../impersonation';
import { agreementPending } from '../agreements';

const MIN15 = 15 * 60_000;
const bodyField = (field: string) => (req: { body: unknown }) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[field];
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, 254) : undefined;
};

// Per address here; per account (whichever identifier is typed) in auth.service login.
const loginLimits: RateLimitRule[] = [{ name: 'login-ip', max: 30, windowMs: MIN15, message: MSG.tooManyLogins }];
const signupLimits: RateLimitRule[] = [{ name: 'signup-ip', max: 5, windowMs: MIN15, message: MSG.tooManySignups }];
const forgotLimits: RateLimitRule[] = [
  { name: 'forgot-ip', max: 5, windowMs: MIN15, message: MSG.tooManyResets },
  { name: 'forgot-email', max: 3, windowMs: 60 * 60_000, message: MSG.tooManyResets, keyOf: bodyField('email') },
];
const sponsorLimits: RateLimitRule[] = [{ name: 'sponsor-ip', max: 30, windowMs: 60_000, message: MSG.tooManySponsorLookups }];
const tokenLimits: RateLimitRule[] = [{ name: 'token-ip', max: 30, windowMs: MIN15, message: MSG.tooManyRequests }];
/** A public POST that spends a mailed single-use token (verification, reset, invitation), rate limited per address. */
const tokenRoute = (url: string, handler: RouteDef['handler']): RouteDef => ({ method: 'POST', url, access: 'public', rateLimits: tokenLimits, handler });

export function authRoutes(ctx: AppContext): RouteDef[] {
  const setSessionCookie = (reply: FastifyReply, s: auth.NewSession) =>
    reply.setCookie(SESSION_COOKIE, s.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      // Without remember me the cookie ends with the browser session; the server row still expires after 12 h.
      ...(s.persistent ? { expires: s.expires } : {}),
    });
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies });

  // Under impersonation, logout revokes the token and leaves the admin's own cookie session alone (docs/spec/decisions.md §8).
  const endSession = async (req: FastifyRequest, reply: FastifyReply) => {
    const id = identityOf(req);
    if (id.impersonation) {
      await revokeImpersonation(ctx, actorFrom(id, req));
      return;
    }
    await auth.logout(ctx, id.user.id, id.sessionHash);
    clearSessionCookie(reply);
  };

  return [
    get('/api/auth/user', { access: 'public', identityInHandler: true }, async (req, reply) => {
      const { identity, view: read } = await resolveIdentityWithView(ctx, { cookie: req.cookies?.[SESSION_COOKIE], authorization: req.headers.authorization });
      req.identity = identity;
      if (!req.identity) {
        // A session cookie the server no longer honours (expired, ended elsewhere) goes, with the page's session
        // hint, so that the next page does not ask again (ADR 0012). The answer stays the contract's 401.
        if (req.cookies?.[SESSION_COOKIE]) {
          clearSessionCookie(reply);
          clearSessionHint(reply, ctx.config.secureCookies);
        }
        throw unauthenticated(MSG.notSignedIn);
      }
      const { user, impersonation, verifiedAt } = req.identity;
      const [view, pending] = await Promise.all([
        currentUserView(ctx, user, impersonation?.admin, impersonation ? undefined : { verifiedAt, now: ctx.clock.now() }, read),
        impersonation ? false : agreementPending(ctx, user),
      ]);
      if (!view) throw unauthenticated(MSG.notSignedIn);
      return { ...view, agreementRequired: pending };
    }),
    post('/api/login', { access: 'public', rateLimits: loginLimits }, async (req, reply) => {
      const input = parse(LoginRequest, req.body);
      const result = await auth.login(ctx, input, req.identity?.sessionHash);
      if (result.challenge !== undefined) {
        // Two-factor on: no session yet; the challenge rides in its own short cookie, the code comes next.
        reply.setCookie(TWO_FACTOR_CHALLENGE_COOKIE, result.challenge, {
          path: '/api/login',
          httpOnly: true,
          sameSite: 'strict',
          secure: ctx.config.secureCookies,
          maxAge: TWO_FACTOR_CHALLENGE_MS / 1000,
        });
        return { twoFactorRequired: true };
      }
      setSessionCookie(reply, result.session!);
      return { user: { ...(await currentUserOf(ctx.db, result.user)), agreementRequired: await agreementPending(ctx, result.user) } };
    }),
    post('/api/login/two-factor', { access: 'public', rateLimits: loginLimits }, async (req, reply) => {
      const { code } = parse(TwoFactorCodeRequest, req.body);
      const { user, session } = await auth.completeTwoFactorLogin(ctx, req.cookies?.[TWO_FACTOR_CHALLENGE_COOKIE], code, req.identity?.sessionHash);
      reply.clearCookie(TWO_FACTOR_CHALLENGE_COOKIE, { path: '/api/login', httpOnly: true, sameSite: 'strict', secure: ctx.config.secureCookies });
      setSessionCookie(reply, session);
      // The code was just given: the new session is verified (auth.service startSession).
      const now = ctx.clock.now();
      return { user: { ...(await currentUserOf(ctx.db, user, undefined, { verifiedAt: now, now })), agreementRequired: await agreementPending(ctx, user) } };
    }),
    get('/api/login', 'public', async (_req, reply) => reply.redirect('/')),
    post('/api/logout', { access: 'session', duringPasswordChange: true, duringEnrolment: true, duringAgreement: true }, async (req, reply) => {
      await endSession(req, reply);
      return { message: MSG.loggedOut };
    }),
    get('/api/logout', { access: 'session', duringPasswordChange: true, duringEnrolment: true, duringAgreement: true }, async (req, reply) => {
      await endSession(req, reply);
      return reply.redirect('/');
    }),
    post('/api/auth/change-password', { access: 'session', duringPasswordChange: true, duringEnrolment: true, duringAgreement: true, denyImpersonation: true }, async (req) => {
      const input = parse(ChangePasswordRequest, req.body);
      await auth.changePassword(ctx, actorOf(req), input.currentPassword, input.newPassword);
      return { message: MSG.passwordChanged };
    }),
    post('/api/auth/forgot-password', { access: 'public', rateLimits: forgotLimits }, async (req) => auth.requestPasswordReset(ctx, parse(ForgotPasswordRequest, req.body).email, req.ip)),
    get('/api/auth/verify-sponsor/:code', { access: 'public', rateLimits: sponsorLimits }, async (req) => {
      const { code } = parse(SponsorCodeParam, req.params);
      return auth.sponsorView(await auth.findSponsor(ctx, code));
    }),
    post('/api/auth/signup', { access: 'public', rateLimits: signupLimits }, async (req, reply) => {
      const input = parse(SignupRequest, req.body);
      const result = await auth.signup(ctx, input, originOf(req));
      return reply.status(201).send(result);
    }),
    tokenRoute('/api/auth/verify-email', async (req) => auth.verifyEmail(ctx, parse(VerifyEmailRequest, req.body).token)),
    tokenRoute('/api/auth/reset-password', async (req) => {
      const input = parse(ResetPasswordRequest, req.body);
      return auth.resetPassword(ctx, input.token, input.newPassword);
    }),
    tokenRoute('/api/auth/validate-invitation', async (req) => auth.validateInvitation(ctx, parse(ValidateInvitationRequest, req.body).token)),
    tokenRoute('/api/auth/complete-invitation', async (req) => {
      const input = parse(CompleteInvitationRequest, req.body);
      return auth.completeInvitation(ctx, input.token, input.password, input.agreementVersion, originOf(req));
    }),
  ];
}
