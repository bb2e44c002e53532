import { stepAt, totpAt } from '../server/lib/totp';

/**
 * Sign-in for the benchmarks as a person does it: the password, then (two-factor on) the code the authenticator
 * app shows. Admins and founders without two-factor set it up at their first sign-in here (the bench keeps the
 * secret in memory; `refreshDemoAdmin` clears the demo accounts' two-factor before each run, so every run enrols
 * afresh). A code works once, so a second sign-in within the same 30 s waits for the next code, as a person would.
 */
const secrets = new Map<string, { secret: string; lastStep: number; recovery: string[] }>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sid = (r: Response) =>
  r.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];

async function nextCode(login: string): Promise<string> {
  const e = secrets.get(login.toLowerCase());
  if (!e) throw new Error(`no authenticator secret for ${login}: enrol it in this run first`);
  for (;;) {
    const now = stepAt(Date.now());
    const step = Math.max(now, e.lastStep + 1);
    if (step <= now + 1) {
      e.lastStep = step;
      return totpAt(e.secret, step * 30_000);
    }
    await sleep(1_000);
  }
}

async function post(base: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body ?? {}),
  });
}

export async function signIn(base: string, login: string, password: string): Promise<string> {
  const r = await post(base, '/api/login', { userId: login, password });
  if (!r.ok) throw new Error(`sign-in failed for ${login}: ${r.status} ${await r.text()}`);
  const body = (await r.json()) as { twoFactorRequired?: true; user?: { twoFactor: { required: boolean; enabled: boolean }; email: string } };
  if (body.twoFactorRequired) {
    const challenge = r.headers
      .getSetCookie()
      .find((c) => c.startsWith('mfa='))!
      .split(';')[0];
    const second = await post(base, '/api/login/two-factor', { code: await nextCode(login) }, challenge);
    if (!second.ok) throw new Error(`two-factor sign-in failed for ${login}: ${second.status} ${await second.text()}`);
    return sid(second)!;
  }
  const cookie = sid(r)!;
  if (body.user?.twoFactor.required && !body.user.twoFactor.enabled) {
    const setup = await post(base, '/api/auth/two-factor/setup', {}, cookie);
    if (!setup.ok) throw new Error(`two-factor setup failed for ${login}: ${setup.status} ${await setup.text()}`);
    const { secret } = (await setup.json()) as { secret: string };
    const step = stepAt(Date.now());
    const enabled = await post(base, '/api/auth/two-factor/enable', { code: totpAt(secret, step * 30_000) }, cookie);
    if (!enabled.ok) throw new Error(`two-factor enable failed for ${login}: ${enabled.status} ${await enabled.text()}`);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    const entry = { secret, lastStep: step, recovery: recoveryCodes };
    for (const key of [login, body.user.email]) secrets.set(key.toLowerCase(), entry);
  }
  return cookie;
}

/** The code again, for a step-up route more than 5 minutes after sign-in. */
export async function stepUp(base: string, cookie: string, login: string) {
  const r = await post(base, '/api/auth/two-factor/step-up', { code: await nextCode(login) }, cookie);
  if (!r.ok) throw new Error(`step-up failed for ${login}: ${r.status} ${await r.text()}`);
}

/** The recovery codes an enrolment in this run answered (each works once). */
export const recoveryCodesOf = (login: string) => secrets.get(login.toLowerCase())?.recovery ?? [];
