import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Access } from '../../contracts/access';
import type { RouteContract } from '../../contracts/route-contract';
import { API } from '../../contracts/api';
import { ACCESS_LEVELS } from '../../contracts/access';
import { MSG } from '../../contracts/messages';
import { AGREEMENT_MSG } from '../../contracts/agreements';
import { SESSION_COOKIE } from '../../contracts/constants';
import type { AppContext } from '../context';
import { AppError, unauthenticated, forbidden } from '../core/app-error';
import type { Identity, IdentityGate } from '../core/identity';
import { enforceRateLimits, type RateLimitRule } from './rate-limit';
import { responseCheck } from './response-check';
import { installUploadForms } from './upload-form';
import { checkOrigin } from './security';
import { IMPERSONATION_WRITES_ALLOWED, MONEY_CONTROLS } from '../../contracts/money-controls';
import { traced, type Controlled } from '../core/control-trace';

export interface RouteDef {
  method: HTTPMethods;
  url: string;
  access: Access;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  bodyLimit?: number;
  rateLimits?: RateLimitRule[];
  /** Reachable while a temporary password must still be changed. */
  duringPasswordChange?: boolean;
  /**
   * The message a refusal under impersonation gives on this route (every write route is refused under an impersonation
   * token unless contracts/money-controls.ts IMPERSONATION_WRITES_ALLOWED lists it, issue 29); `true` on a read refuses
   * that read too.
   */
  denyImpersonation?: boolean | string;
  /** Reachable by an admin or founder who signed in with a password and must still set up two-factor. */
  duringEnrolment?: boolean;
  /**
   * Reachable by a member who must still accept a newer Direct Seller Agreement (issue 32): reading and accepting it,
   * the download, sign-out and the password change.
   */
  duringAgreement?: boolean;
  /**
   * Runs when the request line and headers have arrived, after the address limits and before any body is read:
   * a route that takes large bodies from anonymous callers checks here what it can (issue 13).
   */
  beforeBody?: (req: FastifyRequest) => Promise<void>;
  /**
   * What the route takes and answers (issue 14). Taken from `API['METHOD /path']` in contracts/api unless given here;
   * a route with neither is refused at start.
   */
  schema?: RouteContract;
  /** Open to anyone while NODE_ENV is development, whatever `access` says (the API docs). */
  openInDevelopment?: boolean;
  /**
   * Takes `multipart/form-data` too, read as a stream with `readUploadForm` (http/upload-form.ts). Only these routes
   * carry the form reader and its hooks; every other route answers such a body 415.
   */
  uploadForm?: boolean;
  /**
   * The handler resolves the identity itself and sets `req.identity` (a public route only): GET /api/auth/user reads
   * the session and the view it answers in one round trip instead of two.
   */
  identityInHandler?: boolean;
}

/** What a route declares besides its method, path, access and handler (bodyLimit, uploadForm, rateLimits, …). */
export type RouteOptions = Omit<RouteDef, 'method' | 'url' | 'access' | 'handler'>;

const routeOf =
  (method: HTTPMethods) =>
  (url: string, access: Access | ({ access: Access } & RouteOptions), handler: RouteDef['handler']): RouteDef =>
    typeof access === 'string' ? { method, url, access, handler } : { method, url, ...access, handler };

/**
 * A route in one call: `get(url, access, handler)`, or with options `post(url, { access, bodyLimit, … }, handler)`.
 * The same RouteDef as the object written out.
 */
export const get = routeOf('GET');
export const post = routeOf('POST');
export const put = routeOf('PUT');
export const patch = routeOf('PATCH');
export const del = routeOf('DELETE');

/** A route's contract: its own `schema`, else the entry of contracts/api for its method and path. */
/** `METHOD /path` of a route, the key of contracts/api and of the money-control matrix. */
export const routeKey = (def: Pick<RouteDef, 'method' | 'url'>) => `${String(def.method)} ${def.url}`;

/**
 * Whether the route asks for a fresh second factor on every call: its row of the money-control matrix says so
 * (contracts/money-controls.ts, issue 29). Routes whose step-up depends on the input call `requireStepUp` themselves.
 */
export const stepUpAlways = (def: Pick<RouteDef, 'method' | 'url'>) => (MONEY_CONTROLS as Record<string, { stepUp: string }>)[routeKey(def)]?.stepUp === 'always';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Refused under an impersonation token: every write not on the allow-list, and reads that say so. */
export const deniedUnderImpersonation = (def: Pick<RouteDef, 'method' | 'url' | 'denyImpersonation'>) =>
  Boolean(def.denyImpersonation) || (!READS.has(String(def.method)) && !(routeKey(def) in IMPERSONATION_WRITES_ALLOWED));

export function contractOf(def: Pick<RouteDef, 'method' | 'url' | 'schema'>): RouteContract | undefined {
  return def.schema ?? (API as Record<string, RouteContract>)[routeKey(def)];
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** What the request did that the money-control matrix covers (traced while answers are checked). */
    controlTrace?: Set<Controlled>;
  }
}

/** The signed-in identity of a route that declared a non-public access. */
export function identityOf(req: FastifyRequest): Identity {
  if (!req.identity) throw unauthenticated(MSG.notSignedIn);
  return req.identity;
}

function allowed(access: Access, id: Identity): boolean {
  const { role, status } = id.user;
  if (access === 'session') return true;
  if (status !== 'active') return false;
  if (access === 'member') return role !== 'admin';
  if (access === 'founder') return role === 'founder';
  if (access === 'reviewer') return role === 'admin' || role === 'founder';
  if (access === 'franchise') return role === 'mini_franchise' || role === 'basic_franchise';
  return role === 'admin';
}

/**
 * A public route reads at most this much body unless it declares more: the IP limits answer before any body is
 * read, and what an anonymous caller can make the server hold is small (issue 13).
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/**
 * Every route declares who may call it; registering one without a declaration fails at start.
 * Order of checks, all but the last before any body is read: origin, the per-address limits, the route's own
 * `beforeBody`, identity and access; then, with the body, the limits keyed by who is asking or by the body.
 */
export function registerRoutes(app: FastifyInstance, ctx: AppContext, defs: RouteDef[], gate: IdentityGate) {
  const plain = defs.filter((d) => !d.uploadForm);
  const forms = defs.filter((d) => d.uploadForm);
  addRoutes(app, ctx, plain, gate);
  // The form reader hooks into every request of the context it is registered in: a context of its own keeps that
  // cost off the other routes.
  if (forms.length) {
    void app.register(async (withForms) => {
      await installUploadForms(withForms);
      addRoutes(withForms, ctx, forms, gate);
    });
  }
}

function addRoutes(app: FastifyInstance, ctx: AppContext, defs: RouteDef[], gate: IdentityGate) {
  for (const def of defs) {
    if (!ACCESS_LEVELS.includes(def.access)) throw new Error(`Route ${def.method} ${def.url} has no access declaration`);
    if (def.identityInHandler && def.access !== 'public') throw new Error(`Route ${def.method} ${def.url}: only a public route resolves its identity in the handler`);
    const contract = contractOf(def);
    if (!contract) throw new Error(`Route ${def.method} ${def.url} has no contract: add it to contracts/api (issue 14)`);
    const open = def.openInDevelopment && ctx.config.env === 'development';
    const key = routeKey(def);
    const check = { stepUp: stepUpAlways(def), denyImpersonation: deniedUnderImpersonation(def) };
    const addressLimits = (def.rateLimits ?? []).filter((r) => !r.keyOf);
    const keyedLimits = (def.rateLimits ?? []).filter((r) => r.keyOf);
    app.route({
      method: def.method,
      url: def.url,
      bodyLimit: def.bodyLimit ?? (def.access === 'public' ? PUBLIC_BODY_LIMIT : undefined),
      config: { access: def.access },
      // The tests check every answer against the route's contract (npm run dev too, in its log).
      // They also trace what each request did, so a route that moves money or credentials without its row in the
      // money-control matrix is reported like an answer off its contract (issue 29).
      ...(ctx.config.checkResponses ? { onSend: responseCheck(app, key, contract, key in MONEY_CONTROLS) } : {}),
      onRequest: async (req) => {
        checkOrigin(req, ctx.config);
        if (addressLimits.length) await enforceRateLimits(ctx, req, addressLimits);
        if (def.beforeBody) await def.beforeBody(req);
        // Identity and access are settled before any body is read: a caller who may not use the route cannot make
        // the server read (or hold) what it sends (issue 13).
        req.identity = def.identityInHandler ? null : await gate.resolve(ctx, { cookie: req.cookies?.[SESSION_COOKIE], authorization: req.headers.authorization });
        // Impersonation is read-only by construction (issue 29): every write route, public ones included, is refused
        // under an impersonation token unless the allow-list names it.
        if (req.identity?.impersonation && check.denyImpersonation) refuseImpersonation(def);
        if (def.access !== 'public' && !open) {
          admit(gate, def, check, req.identity, ctx.clock.now());
          // A member holding an older Direct Seller Agreement accepts the one in force before anything else (issue 32);
          // an admin acting as the member is not held.
          if (!def.duringAgreement && !req.identity!.impersonation && (await gate.agreementPending(ctx, req.identity!.user))) {
            throw new AppError('AGREEMENT_REQUIRED', 403, AGREEMENT_MSG.required);
          }
        }
      },
      preHandler: async (req) => {
        if (keyedLimits.length) await enforceRateLimits(ctx, req, keyedLimits);
      },
      handler: ctx.config.checkResponses
        ? (req, reply) => {
            req.controlTrace = new Set();
            return traced(req.controlTrace, () => def.handler(req, reply));
          }
        : def.handler,
    });
  }
}

function refuseImpersonation(def: RouteDef): never {
  const message = typeof def.denyImpersonation === 'string' ? def.denyImpersonation : def.denyImpersonation ? MSG.passwordChangeImpersonating : MSG.impersonationReadOnly;
  throw forbidden(message, 'IMPERSONATION_FORBIDDEN');
}

/** Who may call a non-public route: signed in, not held by a pending password change or enrolment, the route's level. */
function admit(gate: IdentityGate, def: RouteDef, check: { stepUp: boolean }, id: Identity | null, now: Date) {
  if (!id) throw unauthenticated(MSG.notSignedIn);
  if (id.user.firstLogin && !id.impersonation && !def.duringPasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 403, MSG.passwordChangeRequired);
  }
  if (!id.impersonation && gate.mustEnrol(id.user) && !def.duringEnrolment) {
    throw new AppError('TWO_FACTOR_ENROLMENT_REQUIRED', 403, MSG.twoFactorEnrolmentRequired);
  }
  if (!allowed(def.access, id)) throw forbidden(MSG.forbidden);
  if (check.stepUp) gate.requireStepUp(id, now);
}

/** Fails when any route was registered outside registerRoutes. */
export function assertAllRoutesDeclared(app: FastifyInstance) {
  app.addHook('onRoute', (opts) => {
    const access = (opts.config as { access?: Access } | undefined)?.access;
    if (!access && !String(opts.url).startsWith('/*') && opts.url !== '*') {
      throw new Error(`Route ${String(opts.method)} ${opts.url} has no access declaration`);
    }
  });
}
