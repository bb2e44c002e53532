import { relative, resolve } from 'node:path';
import { expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import { loadConfig, type AppConfig } from '../../server/config';
import { createRuntime, type Runtime } from '../../server/runtime';
import { ManualClock } from '../../server/lib/clock';
import { hashPassword } from '../../server/lib/password';
import { insertUser, type NewUser } from '../../server/modules/users/users.repo';
import { savePayoutDetails, type PayoutDetailsValues } from '../../server/modules/users/payout-details.repo';
import { findUserByEmail, withPayoutDetails, type UserRow } from './users';
import { generateUserId } from '../../server/modules/users/users.service';
import { volumeOf } from '../../server/modules/volume/volume.repo';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-data';
import { startMailbox, type Mailbox } from './mailbox';
import { createTestDatabase, type TestEngine } from './database';
import { newToken, sha256 } from '../../server/lib/crypto';
import { insertSession } from '../../server/modules/auth/session.repo';
import { findUserById } from '../../server/modules/users/users.repo';
import { mustEnrol } from '../../server/modules/auth/two-factor.service';
import { stepAt, totpAt } from '../../server/lib/totp';
import { TWO_FACTOR_CHALLENGE_COOKIE } from '../../contracts/constants';
import { closeBook, codeFor, openBook, rememberSecret } from './authenticator';
import { scanDatabase } from './dumps';
import { assertAnswersOnContract } from './contract';

/** The APP_SECRET of every test app (the key of the values encrypted at rest derives from it). */
export const TEST_SECRET = 'test-secret-'.padEnd(40, 'x');

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  /** The session cookie set by this answer, as `sid=...`, if any. */
  cookie?: string;
  setCookie?: string;
}

/** The value of one cookie an answer set, as `name=value` (empty when it set none). */
export function cookieFrom(r: ApiResult, name: string): string {
  const raw = [r.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith(`${name}=`));
  return raw ? raw.split(';')[0] : '';
}

export interface TestApp {
  runtime: Runtime;
  /** The PostgreSQL database of this test file (undefined on PGlite). */
  databaseUrl?: string;
  /** The same database at PostgreSQL itself, for pg_dump and pg_restore: databaseUrl unless the tests run through PgBouncer (ADR 0033). */
  directDatabaseUrl?: string;
  config: AppConfig;
  clock: ManualClock;
  mail: Mailbox;
  /** Base URL when started with listen: true. */
  url: string;
  demo: typeof DEMO_ACCOUNTS;
  api<T = any>(
    method: string,
    url: string,
    opts?: { body?: unknown; cookie?: string; headers?: Record<string, string>; /** false: this write is not followed by the applier's pass. */ settle?: boolean },
  ): Promise<ApiResult<T>>;
  login(login: string, password: string, rememberMe?: boolean): Promise<string>;
  createUser(values: Partial<NewUser> & PayoutDetailsValues & { email: string; password?: string }): Promise<UserRow>;
  /** A cookie session for any user, as if they had signed in (`sid=...`). */
  sessionOf(userId: string): Promise<string>;
  /** Exchanges an impersonation code in the issuer's own signed-in browser, as the admin portal's window does. */
  exchange(code: string, issuerId: string): Promise<ApiResult>;
  flushMail(): Promise<void>;
  /** Applies the pending volume journal (BV and tree counters of the ancestors), as the job does in the background. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const hashCache = new Map<string, string>();
const cachedHash = async (p: string) => hashCache.get(p) ?? (hashCache.set(p, await hashPassword(p)), hashCache.get(p)!);

/**
 * The real app on a fresh database (PGlite in memory, or a new PostgreSQL database under
 * TEST_DATABASE_URL), with demo accounts, a manual clock and a real SMTP listener.
 */
export async function startTestApp(
  opts: {
    listen?: boolean;
    rateLimitFactor?: number;
    config?: Partial<AppConfig>;
    autoSettle?: boolean;
    /** The database engine (default: PostgreSQL under TEST_DATABASE_URL, PGlite otherwise). */
    engine?: TestEngine;
    /** Run the job runner in the background (default: when listening, as the browser tests need, like npm start). */ pollJobs?: boolean;
    /** Open this PostgreSQL database as it is (a restored backup) instead of a fresh one: no demo enrolment, not dropped at close. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const mail = await startMailbox();
  const database = opts.databaseUrl ? { url: opts.databaseUrl, drop: async () => undefined } : await createTestDatabase(opts.engine);
  const clock = new ManualClock();
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DEMO_SEED: '1', ...(database.url ? { DATABASE_URL: database.url } : {}) },
    // Every answer is checked against its route's contract (contracts/api): a test whose call gets an answer off it fails.
    { smtpUrl: `${mail.url}?ignoreTLS=true`, rateLimitFactor: opts.rateLimitFactor ?? 1000, dbPoolSize: 5, checkResponses: true, ...opts.config },
  );
  const runtime = await createRuntime(config, {
    clock,
    secret: TEST_SECRET,
    webDist: resolve(import.meta.dirname, '../../web/dist'),
    logger: false,
    pollMail: opts.pollJobs ?? Boolean(opts.listen),
  });
  let url = '';
  if (opts.listen) {
    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(runtime.app.server.address() as AddressInfo).port}`;
    runtime.ctx.config.appUrl = url;
  }

  const api: TestApp['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.cookie) headers.cookie = o.cookie;
    const res = await runtime.app.inject({ method: method as 'GET', url: path, headers, ...(o.body !== undefined ? { payload: o.body as object } : {}) });
    assertAnswersOnContract(runtime.app);
    const raw = res.headers['set-cookie'];
    const setCookie = [raw].flat().find((c): c is string => typeof c === 'string' && c.startsWith('sid='));
    // Unless a test drives the journal itself, every write is followed by the applier's pass, so figures read next are applied ones.
    if (opts.autoSettle !== false && o.settle !== false && method !== 'GET' && method !== 'HEAD') await runtime.settle();
    let body: unknown = res.body;
    if (String(res.headers['content-type'] ?? '').includes('application/json')) body = res.json();
    return { status: res.statusCode, body: body as any, headers: res.headers, setCookie, cookie: setCookie?.split(';')[0] };
  };

  /** Enrols a signed-in user in two-factor through the API with the tests' authenticator; answers their secret. */
  const enrol = async (cookie: string, user: { id: string; email: string; userId: string }) => {
    const setup = await api('POST', '/api/auth/two-factor/setup', { cookie });
    if (setup.status !== 200) throw new Error(`two-factor setup failed for ${user.email}: ${setup.status} ${JSON.stringify(setup.body)}`);
    const step = stepAt(clock.now().getTime());
    const enabled = await api('POST', '/api/auth/two-factor/enable', { cookie, body: { code: totpAt(setup.body.secret, step * 30_000) } });
    if (enabled.status !== 200) throw new Error(`two-factor enable failed for ${user.email}: ${enabled.status} ${JSON.stringify(enabled.body)}`);
    rememberSecret([user.id, user.email, user.userId], setup.body.secret, clock, step);
    return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
  };

  /** The second step of a two-factor sign-in, with the code the tests' authenticator shows. */
  const answerChallenge = async (login: string, first: ApiResult) => {
    const challenge = cookieFrom(first, TWO_FACTOR_CHALLENGE_COOKIE);
    const r = await api('POST', '/api/login/two-factor', { cookie: challenge, body: { code: codeFor(login) } });
    if (r.status !== 200 || !r.cookie) throw new Error(`two-factor sign-in failed for ${login}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.cookie;
  };

  const sessionOf = async (userId: string) => {
    const token = newToken();
    // As if they had just signed in: with the second factor given (admins and founders are enrolled first).
    await insertSession(runtime.ctx.db, { sid: sha256(token), userId, expire: new Date(clock.now().getTime() + 12 * 3600_000), sess: {}, verifiedAt: clock.now() });
    const cookie = `sid=${token}`;
    const user = await findUserById(runtime.ctx.db, userId);
    if (user && mustEnrol(user) && !user.firstLogin) await enrol(cookie, user);
    return cookie;
  };

  // The demo admins and founder have two-factor on, as their roles require (issue 13).
  openBook(clock);
  for (const who of opts.databaseUrl ? [] : [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.admin2, DEMO_ACCOUNTS.founder]) {
    const first = await api('POST', '/api/login', { body: { userId: who.email, password: who.password } });
    if (first.status === 200 && first.cookie && first.body.user?.twoFactor && !first.body.user.twoFactor.enabled) {
      await enrol(first.cookie, first.body.user);
      await api('POST', '/api/logout', { cookie: first.cookie });
    }
  }

  return {
    runtime,
    databaseUrl: database.url,
    directDatabaseUrl: 'adminUrl' in database ? database.adminUrl : database.url,
    config,
    clock,
    mail,
    url,
    demo: DEMO_ACCOUNTS,
    api,
    async login(login, password, rememberMe = false) {
      const r = await api('POST', '/api/login', { body: { userId: login, password, rememberMe } });
      if (r.status === 200 && r.body?.twoFactorRequired) return answerChallenge(login, r);
      if (r.status !== 200 || !r.cookie) throw new Error(`login failed for ${login}: ${r.status} ${JSON.stringify(r.body)}`);
      // An admin or founder without two-factor sets it up now, as the portal makes them at this sign-in.
      if (r.body.user?.twoFactor?.required && !r.body.user.twoFactor.enabled && !r.body.user.firstLogin) await enrol(r.cookie, r.body.user);
      return r.cookie;
    },
    async createUser(values) {
      const { password, bankAccountNumber, bankIFSC, bankName, bankAccountHolderName, cryptoWalletAddress, payoutDetailsChangedAt, bankAccountChangedAt, ...rest } = values;
      const payout = { bankAccountNumber, bankIFSC, bankName, bankAccountHolderName, cryptoWalletAddress, payoutDetailsChangedAt, bankAccountChangedAt };
      const ctx = runtime.ctx;
      const user = await insertUser(ctx.db, {
        userId: await generateUserId(ctx, ctx.db),
        firstName: 'Test',
        lastName: 'User',
        role: 'user',
        status: 'active',
        emailVerified: true,
        firstLogin: false,
        idStatus: 'Active',
        // Registration precedes activation (users_activation_after_registration).
        ...(rest.activationDate && !rest.registrationDate ? { registrationDate: new Date(Math.min(rest.activationDate.getTime(), Date.now())) } : {}),
        ...rest,
        email: values.email.toLowerCase(),
        password: password ? await cachedHash(password) : null,
      });
      // Payout details are the users module's own table (ADR 0026).
      if (Object.values(payout).some((v) => v !== undefined)) await savePayoutDetails(ctx.db, user.id, payout);
      return (await withPayoutDetails(ctx.db, user))!;
    },
    sessionOf,
    async exchange(code, issuerId) {
      return api('POST', '/api/impersonation/exchange', { body: { code }, cookie: await sessionOf(issuerId) });
    },
    async flushMail() {
      await runtime.mail.flush();
    },
    settle: () => runtime.settle(),
    async close() {
      closeBook(clock);
      // Answers to calls made around the harness (real HTTP, app.inject) are checked here.
      const offContract = (() => {
        try {
          assertAnswersOnContract(runtime.app);
          return undefined;
        } catch (err) {
          return err;
        }
      })();
      const file = testFile();
      // PGlite has no pg_dump: the rows are searched for the identity numbers here (PostgreSQL: pg_dump in drop).
      if (!database.url && process.env.TEST_DUMP_DIR) {
        await scanDatabase(runtime.ctx.db, `pglite_${process.pid}_${Date.now().toString(36)}`, file);
      }
      await runtime.close();
      await mail.close();
      await database.drop(file);
      if (offContract) throw offContract;
    },
  };
}

/** The test file running (for the dump records). */
function testFile(): string | undefined {
  try {
    const path = expect.getState().testPath;
    return path ? relative(resolve(import.meta.dirname, '../..'), path) : undefined;
  } catch {
    return undefined;
  }
}

export async function userByEmail(t: TestApp, email: string) {
  return findUserByEmail(t.runtime.ctx.db, email);
}

/**
 * The demo accounts' rows (DEMO_ACCOUNTS), by account name, read at once: a suite's setup writes
 * `({ admin, founder } = await demoUsers(t, 'admin', 'founder'))`.
 */
export async function demoUsers<K extends keyof TestApp['demo']>(t: TestApp, ...names: K[]): Promise<Record<K, UserRow>> {
  const rows = await Promise.all(names.map(async (name) => [name, (await userByEmail(t, t.demo[name].email))!] as const));
  return Object.fromEntries(rows) as Record<K, UserRow>;
}

/** A user's BV figures (personal and lifetime legs: member_volume), by email. */
export async function volumeByEmail(t: TestApp, email: string) {
  const user = await findUserByEmail(t.runtime.ctx.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return volumeOf(t.runtime.ctx.db, user.id);
}
